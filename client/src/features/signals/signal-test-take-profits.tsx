import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../../components/button.tsx';
import { BoundField } from '../../components/form.tsx';
import { Input, Select } from '../../components/form-field.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import {
  maxTakeProfitLevels,
  newTakeProfitLevel,
  type TestForm,
  takeProfitUnits,
} from './signal-test-form.ts';

const unitLabels = { points: 'Points', pips: 'Pips', price: 'Price' } as const;
const number = { className: 'px-2.5', type: 'number', inputMode: 'decimal', min: '0' } as const;
/** A level's fields: its name in the form, its label, and its control. */
const levelControls = [
  [
    'unit',
    'Unit',
    <Select
      key="unit"
      className="pr-7 pl-2.5"
      options={takeProfitUnits}
      label={(unit) => unitLabels[unit]}
    />,
  ],
  ['distance', 'Distance', <Input key="distance" {...number} step="any" />],
  ['percent', 'Close %', <Input key="percent" {...number} step="1" max="100" />],
] as const;

/**
 * Several take-profits (`tps`, buy and sell only): up to three levels, each a distance in one
 * unit and the percent of the volume it closes. The webhook judges the levels (percents adding
 * up to more than 100, a distance of 0) and names the level it refuses, as for every field.
 */
export function TakeProfitLevels({ form }: { form: UseFormReturn<TestForm> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'tps' });
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-medium text-ink">Take-profit levels</legend>
      <p className="text-xs text-ink-subtle">
        Each level closes its percent of the volume at its distance (percents add up to at most
        100). Use them instead of a single take profit.
      </p>
      {fields.map((field, index) => (
        <div
          key={field.id}
          className="grid grid-cols-[minmax(5.75rem,1.1fr)_minmax(0,1.3fr)_minmax(3.5rem,1fr)_auto] items-end gap-1.5 sm:gap-2"
        >
          {levelControls.map(([name, text, control]) => (
            <BoundField
              key={name}
              form={form}
              name={`tps.${index}.${name}`}
              label={<LevelLabel index={index} text={text} />}
            >
              {control}
            </BoundField>
          ))}
          <Button
            variant="ghost"
            className="px-2"
            aria-label={`Remove take-profit level ${index + 1}`}
            onClick={() => remove(index)}
          >
            <CloseIcon className="size-4" />
          </Button>
        </div>
      ))}
      {fields.length < maxTakeProfitLevels && (
        <Button variant="outline" size="sm" onClick={() => append(newTakeProfitLevel)}>
          Add take-profit level
        </Button>
      )}
    </fieldset>
  );
}

/** "Unit" on screen; "Level 2 unit" to a screen reader, which hears the rows apart. */
function LevelLabel({ index, text }: { index: number; text: string }) {
  return (
    <>
      <span className="sr-only">Level {index + 1} </span>
      <span className="whitespace-nowrap">{text}</span>
    </>
  );
}

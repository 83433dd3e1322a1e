import { type WeekDay, weekDays } from '@signalrelay/contracts/rules';
import {
  type FieldPath,
  type UseFormReturn,
  useFieldArray,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { Button } from '../../components/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/card.tsx';
import { BoundField, errorSentence } from '../../components/form.tsx';
import { Input, Select, Textarea } from '../../components/form-field.tsx';
import type { Rules } from './rules-api.ts';
import type { RulesFormValues } from './rules-form.ts';

// biome-ignore lint/suspicious/noExplicitAny: the form's context type is not used here
export type RulesForm = UseFormReturn<RulesFormValues, any, Rules>;

const checkboxClass = 'size-4 shrink-0 rounded border-line-strong accent-brand-600';

/** The user's limits (`prefix` empty) or one account's (`accounts.0.`): where a field sits. */
type Prefix = '' | `accounts.${number}.`;
const at = (prefix: Prefix, name: string) => `${prefix}${name}` as FieldPath<RulesFormValues>;

export type NumberField = {
  name: 'account' | 'maxLot' | 'maxOpenPositions' | 'maxDailyTrades';
  label: string;
  hint?: string;
  /** A lot takes decimals; counts and account numbers do not. */
  decimal?: boolean;
  placeholder: string;
  required?: boolean;
};

/** Number inputs of the Rules form, one per entry of `fields`. */
export function NumberFields({
  form,
  prefix,
  fields,
}: {
  form: RulesForm;
  prefix: Prefix;
  fields: readonly NumberField[];
}) {
  return fields.map((field) => (
    <BoundField
      key={field.name}
      form={form}
      name={at(prefix, field.name)}
      label={field.label}
      hint={field.hint}
      required={field.required}
    >
      <Input inputMode={field.decimal ? 'decimal' : 'numeric'} placeholder={field.placeholder} />
    </BoundField>
  ));
}

/**
 * The daily loss: its kind (`kinds`, value → label), then, unless it is off or inherited, the
 * amount or percent and whether reaching it closes every position.
 */
export function DailyLossFields({
  form,
  prefix,
  kinds,
}: {
  form: RulesForm;
  prefix: Prefix;
  kinds: Record<string, string>;
}) {
  const kind = useWatch({ control: form.control, name: at(prefix, 'lossKind') });
  return (
    <>
      <BoundField form={form} name={at(prefix, 'lossKind')} label="Max daily loss">
        <Select options={Object.keys(kinds)} label={(kind) => kinds[kind]} />
      </BoundField>
      {(kind === 'amount' || kind === 'percent') && (
        <>
          <BoundField
            form={form}
            name={at(prefix, 'lossValue')}
            label={kind === 'amount' ? 'Loss amount' : 'Loss percent'}
          >
            <Input inputMode="decimal" />
          </BoundField>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-ink">
            <input
              type="checkbox"
              className={checkboxClass}
              {...form.register(at(prefix, 'lossCloseAll'))}
            />
            Close every position when reached
          </label>
        </>
      )}
    </>
  );
}

const dayNames: Record<WeekDay, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** A whole-form error at `name` (a group such as the days), as a sentence. */
function GroupError({ form, name }: { form: RulesForm; name: 'days' }) {
  const { errors } = useFormState({ control: form.control, name });
  const message = errors[name]?.message;
  return typeof message === 'string' ? (
    <p className="text-xs font-medium text-loss" role="alert">
      {errorSentence(message)}
    </p>
  ) : null;
}

const off = { placeholder: 'off' };
const limits: readonly NumberField[] = [
  {
    name: 'maxLot',
    label: 'Max lot',
    hint: 'Per signal, given or computed from the risk.',
    decimal: true,
    ...off,
  },
  {
    name: 'maxOpenPositions',
    label: 'Max open positions',
    hint: 'Checked by the EA before each opening.',
    ...off,
  },
  {
    name: 'maxDailyTrades',
    label: 'Max daily trades',
    hint: 'Openings per day, counted at intake.',
    ...off,
  },
];

/** Max lot, open positions, daily trades and daily loss: the user's limits. */
export function LimitsCard({ form }: { form: RulesForm }) {
  return (
    <Card role="group" aria-label="Limits">
      <CardHeader title="Limits" description="Leave a field empty to switch that rule off." />
      <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <NumberFields form={form} prefix="" fields={limits} />
        <DailyLossFields
          form={form}
          prefix=""
          kinds={{
            off: 'Off',
            amount: 'Amount (account currency)',
            percent: "Percent of the day's starting balance",
          }}
        />
      </CardBody>
    </Card>
  );
}

/** Trading hours: a time zone, the days and a from–to window; outside it openings are refused. */
export function HoursCard({ form }: { form: RulesForm }) {
  const on = useWatch({ control: form.control, name: 'hoursOn' });
  return (
    <Card>
      <CardHeader
        title="Trading hours"
        description="Outside these hours opening signals are refused; closes always pass."
        actions={
          <label className="flex items-center gap-2 text-sm font-medium text-ink">
            <input type="checkbox" className={checkboxClass} {...form.register('hoursOn')} />
            Limit trading hours
          </label>
        }
      />
      {on && (
        <CardBody className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-ink">Days</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {weekDays.map((day) => (
                <label key={day} className="flex items-center gap-1.5 text-sm text-ink">
                  <input
                    type="checkbox"
                    value={day}
                    className={checkboxClass}
                    {...form.register('days')}
                  />
                  {dayNames[day]}
                </label>
              ))}
            </div>
            <GroupError form={form} name="days" />
          </fieldset>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <BoundField
              form={form}
              name="timeZone"
              label="Time zone"
              hint="A name such as Europe/London, America/New_York or UTC."
            >
              <Input autoComplete="off" spellCheck={false} />
            </BoundField>
            <BoundField form={form} name="from" label="From">
              <Input type="time" />
            </BoundField>
            <BoundField
              form={form}
              name="to"
              label="To"
              hint="Before From: a window across midnight."
            >
              <Input type="time" />
            </BoundField>
          </div>
        </CardBody>
      )}
    </Card>
  );
}

/** Allowed symbols and the symbol map (alert symbol → broker symbol). */
export function SymbolsCard({ form }: { form: RulesForm }) {
  const map = useFieldArray({ control: form.control, name: 'symbolMap' });
  return (
    <Card>
      <CardHeader
        title="Symbols"
        description="Which symbols may open positions, and what your broker calls them."
      />
      <CardBody className="space-y-5">
        <BoundField
          form={form}
          name="allowedSymbols"
          label="Allowed symbols"
          hint="Separated by commas. Empty: every symbol. An alert's symbol or its mapped name may match."
        >
          <Textarea className="min-h-16!" placeholder="EURUSD, XAUUSD" spellCheck={false} />
        </BoundField>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">Symbol map</legend>
          <p className="text-xs text-ink-subtle">
            Applied before the EA adds your broker's prefix or suffix: GOLD → XAUUSD becomes
            XAUUSD.m at a broker that names it so.
          </p>
          {map.fields.map((field, i) => (
            <div key={field.id} className="flex items-start gap-2">
              <BoundField
                form={form}
                name={`symbolMap.${i}.from`}
                label={<span className="sr-only">Alert symbol {i + 1}</span>}
                className="flex-1"
              >
                <Input placeholder="Alert symbol (GOLD)" spellCheck={false} />
              </BoundField>
              <span className="pt-2 text-ink-subtle" aria-hidden="true">
                →
              </span>
              <BoundField
                form={form}
                name={`symbolMap.${i}.to`}
                label={<span className="sr-only">Broker symbol {i + 1}</span>}
                className="flex-1"
              >
                <Input placeholder="Broker symbol (XAUUSD)" spellCheck={false} />
              </BoundField>
              <Button
                variant="ghost"
                size="sm"
                className="mt-1"
                aria-label={`Remove mapping ${i + 1}`}
                onClick={() => map.remove(i)}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button variant="secondary" size="sm" onClick={() => map.append({ from: '', to: '' })}>
            Add a mapping
          </Button>
        </fieldset>
      </CardBody>
    </Card>
  );
}

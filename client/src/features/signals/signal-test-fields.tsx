import type { UseFormReturn } from 'react-hook-form';
import { BoundField } from '../../components/form.tsx';
import { FormField, Input, Select } from '../../components/form-field.tsx';
import { positionLabels } from '../../components/trading/trading-badges.tsx';
import {
  fieldApplies,
  isPendingPosition,
  type TestField,
  type TestForm,
  testPlatforms,
  testPositions,
} from './signal-test-form.ts';
import { TakeProfitLevels } from './signal-test-take-profits.tsx';

type Field = { key: TestField; label: string; hint: string; step?: string; text?: true };

/** Spec section 5: lot steps by 0.01, point fields by 1, risk by 0.1; then issue 22's fields. */
const fields: Field[] = [
  { key: 'lot', label: 'Lot Size', step: '0.01', hint: 'Used when no risk is set.' },
  {
    key: 'expiry',
    label: 'Expiry (minutes)',
    step: '1',
    hint: '0 or empty = good till cancelled.',
  },
  { key: 'side', label: 'Side', text: true, hint: 'buy or sell only; empty = both.' },
  { key: 'closePercent', label: 'Close Percent (%)', step: '1', hint: 'Empty = close all.' },
  { key: 'slpoint', label: 'Stop Loss (points)', step: '1', hint: '0 = no stop loss.' },
  { key: 'tppoint', label: 'Take Profit (points)', step: '1', hint: '0 = no take profit.' },
  { key: 'slpips', label: 'Stop Loss (pips)', step: '0.1', hint: 'Instead of points.' },
  { key: 'tppips', label: 'Take Profit (pips)', step: '0.1', hint: 'Instead of points.' },
  { key: 'slprice', label: 'Stop Loss (price)', step: 'any', hint: 'An absolute price.' },
  { key: 'tpprice', label: 'Take Profit (price)', step: 'any', hint: 'An absolute price.' },
  { key: 'trailingStop', label: 'Trailing Stop (points)', step: '1', hint: '0 = disabled.' },
  { key: 'breakEvenPips', label: 'Break Even (pips)', step: '1', hint: '0 = disabled.' },
  {
    key: 'riskPercentage',
    label: 'Risk Percentage (%)',
    step: '0.1',
    hint: 'Overrides the lot size when not 0; needs a stop loss.',
  },
  { key: 'riskAmount', label: 'Risk Amount (money)', step: '1', hint: 'Lost at the stop loss.' },
  { key: 'maxSpread', label: 'Max Spread (points)', step: '1', hint: 'Refused when wider.' },
  { key: 'deviation', label: 'Deviation (points)', step: '1', hint: 'Largest slippage.' },
  { key: 'comment', label: 'Comment', text: true, hint: 'Up to 24 characters.' },
  { key: 'magic', label: 'Magic Number', step: '1', hint: "Empty = the EA's own." },
  { key: 'account', label: 'Account', text: true, hint: 'Only this account; empty = all.' },
];

/**
 * The test signal's parameters. Each position shows the fields that mean something for it
 * (close positions hide the opening ones; pending orders ask for their entry price).
 */
export function SignalTestFields({
  form,
  position,
  licenseNumber,
}: {
  form: UseFormReturn<TestForm>;
  position: TestForm['position'];
  licenseNumber: string | null | undefined;
}) {
  const pending = isPendingPosition(position);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="License Number" className="sm:col-span-2">
        <Input value={licenseNumber ?? ''} placeholder="No license number" readOnly />
      </FormField>
      <BoundField form={form} name="platform" label="Platform">
        <Select options={testPlatforms} />
      </BoundField>
      <BoundField form={form} name="position" label="Position">
        <Select
          options={testPositions}
          label={(p) => positionLabels[p.toLowerCase() as keyof typeof positionLabels]}
        />
      </BoundField>
      <BoundField form={form} name="symbol" label="Symbol">
        <Input autoCapitalize="characters" spellCheck={false} />
      </BoundField>
      <BoundField
        form={form}
        name="price"
        label={pending ? 'Entry Price' : 'Price'}
        hint={
          pending
            ? 'Required: where the order waits.'
            : 'For the record only: orders execute at market.'
        }
      >
        <Input type="number" inputMode="decimal" step="any" min="0" />
      </BoundField>
      {fields
        .filter((field) => fieldApplies(field.key, position))
        .map((field) => (
          <BoundField
            key={field.key}
            form={form}
            name={field.key}
            label={field.label}
            hint={field.hint}
          >
            {field.text ? (
              <Input spellCheck={false} />
            ) : (
              <Input type="number" inputMode="decimal" step={field.step} min="0" />
            )}
          </BoundField>
        ))}
      {fieldApplies('tps', position) && <TakeProfitLevels form={form} />}
      {fieldApplies('closeOpposite', position) && (
        <label className="flex items-center gap-2 text-sm text-ink sm:col-span-2">
          <input type="checkbox" {...form.register('closeOpposite')} />
          Close the opposite side first (reverse in one alert)
        </label>
      )}
    </div>
  );
}

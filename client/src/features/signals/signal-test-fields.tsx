import type { UseFormReturn } from 'react-hook-form';
import { BoundField } from '../../components/form.tsx';
import { FormField, Input, Select } from '../../components/form-field.tsx';
import {
  isClosePosition,
  type TestForm,
  testPlatforms,
  testPositions,
} from './signal-test-form.ts';

type NumberKey = Exclude<keyof TestForm, 'platform' | 'symbol' | 'position'>;

/** Spec section 5: lot steps by 0.01, point fields by 1, risk by 0.1. */
const numberFields: { key: NumberKey; label: string; step: string; hint: string }[] = [
  { key: 'lot', label: 'Lot Size', step: '0.01', hint: 'Used when risk percentage is 0.' },
  { key: 'slpoint', label: 'Stop Loss (points)', step: '1', hint: '0 = no stop loss.' },
  { key: 'tppoint', label: 'Take Profit (points)', step: '1', hint: '0 = no take profit.' },
  { key: 'trailingStop', label: 'Trailing Stop (points)', step: '1', hint: '0 = disabled.' },
  { key: 'breakEvenPips', label: 'Break Even (pips)', step: '1', hint: '0 = disabled.' },
  {
    key: 'riskPercentage',
    label: 'Risk Percentage (%)',
    step: '0.1',
    hint: 'Overrides the lot size when not 0; needs a stop loss.',
  },
];

const positionLabels: Record<TestForm['position'], string> = {
  BUY: 'BUY',
  SELL: 'SELL',
  CLOSEBUY: 'CLOSE BUY',
  CLOSESELL: 'CLOSE SELL',
  CLOSEALL: 'CLOSE ALL',
};

/**
 * The test signal's parameters. Close positions hide the fields that only matter when opening
 * (lot, stop loss, take profit, trailing stop, break even, risk).
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
  const close = isClosePosition(position);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="License Number" className="sm:col-span-2">
        <Input value={licenseNumber ?? ''} placeholder="No license number" readOnly />
      </FormField>
      <BoundField form={form} name="platform" label="Platform">
        <Select>
          {testPlatforms.map((platform) => (
            <option key={platform} value={platform}>
              {platform}
            </option>
          ))}
        </Select>
      </BoundField>
      <BoundField form={form} name="position" label="Position">
        <Select>
          {testPositions.map((position) => (
            <option key={position} value={position}>
              {positionLabels[position]}
            </option>
          ))}
        </Select>
      </BoundField>
      <BoundField form={form} name="symbol" label="Symbol">
        <Input autoCapitalize="characters" spellCheck={false} />
      </BoundField>
      <BoundField
        form={form}
        name="price"
        label="Price"
        hint="For the record only: orders execute at market."
      >
        <Input type="number" inputMode="decimal" step="any" min="0" />
      </BoundField>
      {!close &&
        numberFields.map((field) => (
          <BoundField
            key={field.key}
            form={form}
            name={field.key}
            label={field.label}
            hint={field.hint}
          >
            <Input type="number" inputMode="decimal" step={field.step} min="0" />
          </BoundField>
        ))}
    </div>
  );
}

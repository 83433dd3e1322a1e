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
  onChange,
  licenseNumber,
}: {
  form: TestForm;
  onChange: (change: Partial<TestForm>) => void;
  licenseNumber: string | null | undefined;
}) {
  const close = isClosePosition(form.position);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="License Number" className="sm:col-span-2">
        <Input value={licenseNumber ?? ''} placeholder="No license number" readOnly />
      </FormField>
      <FormField label="Platform">
        <Select
          value={form.platform}
          onChange={(e) => onChange({ platform: e.target.value as TestForm['platform'] })}
        >
          {testPlatforms.map((platform) => (
            <option key={platform} value={platform}>
              {platform}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Position">
        <Select
          value={form.position}
          onChange={(e) => onChange({ position: e.target.value as TestForm['position'] })}
        >
          {testPositions.map((position) => (
            <option key={position} value={position}>
              {positionLabels[position]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Symbol">
        <Input
          value={form.symbol}
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => onChange({ symbol: e.target.value })}
        />
      </FormField>
      <FormField label="Price" hint="For the record only: orders execute at market.">
        <Input
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          value={form.price}
          onChange={(e) => onChange({ price: e.target.value })}
        />
      </FormField>
      {!close &&
        numberFields.map((field) => (
          <FormField key={field.key} label={field.label} hint={field.hint}>
            <Input
              type="number"
              inputMode="decimal"
              step={field.step}
              min="0"
              value={form[field.key]}
              onChange={(e) => onChange({ [field.key]: e.target.value })}
            />
          </FormField>
        ))}
    </div>
  );
}

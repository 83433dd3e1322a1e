import { type FieldPath, useWatch } from 'react-hook-form';
import { BoundField } from '../../components/form.tsx';
import { Input, Select } from '../../components/form-field.tsx';
import type { RulesForm } from './rules-fields.tsx';
import type { RulesFormValues } from './rules-form.ts';

export const checkboxClass = 'size-4 shrink-0 rounded border-line-strong accent-brand-600';

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

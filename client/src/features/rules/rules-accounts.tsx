import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../components/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/card.tsx';
import { BoundField } from '../../components/form.tsx';
import { Input, Select } from '../../components/form-field.tsx';
import { checkboxClass, type RulesForm } from './rules-fields.tsx';
import { emptyAccount } from './rules-form.ts';

/** One account's overrides: the rules its EA checks, different from the user's. */
function AccountOverride({
  form,
  index,
  onRemove,
}: {
  form: RulesForm;
  index: number;
  onRemove: () => void;
}) {
  const lossKind = useWatch({ control: form.control, name: `accounts.${index}.lossKind` });
  return (
    <li>
      <fieldset
        className="min-w-0 rounded-lg border border-line p-4"
        aria-label={`Account override ${index + 1}`}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <BoundField
            form={form}
            name={`accounts.${index}.account`}
            label="Account number"
            required
          >
            <Input inputMode="numeric" placeholder="5012345" />
          </BoundField>
          <BoundField
            form={form}
            name={`accounts.${index}.maxLot`}
            label="Max lot"
            hint="Empty: as above. 0: off."
          >
            <Input inputMode="decimal" placeholder="as above" />
          </BoundField>
          <BoundField
            form={form}
            name={`accounts.${index}.maxOpenPositions`}
            label="Max open positions"
            hint="Empty: as above. 0: off."
          >
            <Input inputMode="numeric" placeholder="as above" />
          </BoundField>
          <BoundField form={form} name={`accounts.${index}.lossKind`} label="Max daily loss">
            <Select>
              <option value="inherit">As above</option>
              <option value="off">Off</option>
              <option value="amount">Amount</option>
              <option value="percent">Percent</option>
            </Select>
          </BoundField>
          {lossKind !== 'inherit' && lossKind !== 'off' && (
            <>
              <BoundField
                form={form}
                name={`accounts.${index}.lossValue`}
                label={lossKind === 'amount' ? 'Loss amount' : 'Loss percent'}
              >
                <Input inputMode="decimal" />
              </BoundField>
              <label className="flex items-center gap-2 self-end pb-2 text-sm text-ink">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  {...form.register(`accounts.${index}.lossCloseAll`)}
                />
                Close every position when reached
              </label>
            </>
          )}
        </div>
        <div className="mt-3 flex justify-end">
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Remove this account
          </Button>
        </div>
      </fieldset>
    </li>
  );
}

/**
 * Per-account overrides of the rules the EA checks (max lot, open positions, daily loss): a
 * prop-firm account next to a personal one. Intake rules (hours, symbols, daily trades) are
 * the license's: one alert goes to every account.
 */
export function AccountsCard({ form }: { form: RulesForm }) {
  const accounts = useFieldArray({ control: form.control, name: 'accounts' });
  return (
    <Card>
      <CardHeader
        title="Per-account overrides"
        description="Different max lot, open positions or daily loss for one trading account."
      />
      <CardBody className="space-y-3">
        {accounts.fields.length > 0 && (
          <ul className="space-y-3">
            {accounts.fields.map((field, i) => (
              <AccountOverride
                key={field.id}
                form={form}
                index={i}
                onRemove={() => accounts.remove(i)}
              />
            ))}
          </ul>
        )}
        <Button variant="secondary" size="sm" onClick={() => accounts.append({ ...emptyAccount })}>
          Add an account
        </Button>
      </CardBody>
    </Card>
  );
}

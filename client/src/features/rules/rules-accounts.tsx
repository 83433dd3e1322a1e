import { useFieldArray } from 'react-hook-form';
import { Button } from '../../components/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/card.tsx';
import {
  DailyLossFields,
  type NumberField,
  NumberFields,
  type RulesForm,
} from './rules-fields.tsx';
import { emptyAccount } from './rules-form.ts';

/** What an account may override, empty meaning "as the user's rules". */
const asAbove = { placeholder: 'as above', hint: 'Empty: as above. 0: off.' };
const overrides: readonly NumberField[] = [
  { name: 'account', label: 'Account number', placeholder: '5012345', required: true },
  { name: 'maxLot', label: 'Max lot', decimal: true, ...asAbove },
  { name: 'maxOpenPositions', label: 'Max open positions', ...asAbove },
];

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
  return (
    <li>
      <fieldset
        className="min-w-0 rounded-lg border border-line p-4"
        aria-label={`Account override ${index + 1}`}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <NumberFields form={form} prefix={`accounts.${index}.`} fields={overrides} />
          <DailyLossFields
            form={form}
            prefix={`accounts.${index}.`}
            kinds={{ inherit: 'As above', off: 'Off', amount: 'Amount', percent: 'Percent' }}
          />
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

import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from '../../components/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/card.tsx';
import { useZodForm } from '../../components/form.tsx';
import { QueryView } from '../../components/states.tsx';
import { TabIntro } from '../../components/tab-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { errorText } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query.ts';
import { AccountsCard } from './rules-accounts.tsx';
import { type RulesView, rulesApi, rulesQueries } from './rules-api.ts';
import { HoursCard, LimitsCard, SymbolsCard } from './rules-fields.tsx';
import { formOf, rulesFormSchema } from './rules-form.ts';

/** Saves: who, when, and each rule's value before → after. */
function ChangeLog({ changes }: { changes: RulesView['changes'] }) {
  return (
    <Card>
      <CardHeader title="Changes" description="Every save that changed a rule, newest first." />
      <CardBody>
        {changes.length === 0 ? (
          <p className="text-sm text-ink-muted">No changes yet.</p>
        ) : (
          <ol className="space-y-4" aria-label="Rule changes">
            {changes.map((change) => (
              <li key={change.at} className="text-sm">
                <p className="text-ink-muted">
                  <time dateTime={change.at}>{new Date(change.at).toLocaleString()}</time> by{' '}
                  <span className="font-medium text-ink">{change.by}</span>
                </p>
                <ul className="mt-1 space-y-0.5">
                  {change.changes.map((c) => (
                    <li key={c.rule} className="break-words">
                      <span className="font-medium text-ink">{c.rule}</span>:{' '}
                      <span className="text-ink-muted">{c.before}</span> →{' '}
                      <span className="text-ink">{c.after}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}

/** The form over the saved rules; Save puts them and shows the server's answer. */
function RulesEditor({ view }: { view: RulesView }) {
  const form = useZodForm(rulesFormSchema, { defaultValues: formOf(view.rules) });
  const save = useMutation({
    mutationFn: rulesApi.save,
    onSuccess: (saved) => {
      queryClient.setQueryData(rulesQueries.current().queryKey, saved);
      toast.success('Rules saved');
    },
  });

  // A save (here or on another tab) is the new starting point of the form.
  useEffect(() => form.reset(formOf(view.rules)), [view.rules, form]);

  return (
    <form
      onSubmit={form.handleSubmit((rules) => save.mutate(rules))}
      noValidate
      className="space-y-6"
    >
      <LimitsCard form={form} />
      <HoursCard form={form} />
      <SymbolsCard form={form} />
      <AccountsCard form={form} />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {save.error && (
          <p className="text-sm font-medium text-loss" role="alert">
            {errorText(save.error)}
          </p>
        )}
        <Button
          variant="outline"
          disabled={!form.formState.isDirty || save.isPending}
          onClick={() => form.reset(formOf(view.rules))}
        >
          Undo changes
        </Button>
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          Save rules
        </Button>
      </div>
    </form>
  );
}

/**
 * The Rules tab (issue 23): risk limits, trading hours, allowed symbols, the symbol map and
 * per-account overrides, with the log of their changes under the form.
 */
export function RulesTab() {
  const rules = useQuery(rulesQueries.current());
  return (
    <div className="space-y-6">
      <TabIntro title="Rules">
        Guards every signal must pass. Trading hours, symbols, daily trades and the lot of an alert
        are checked when the alert arrives; max lot, open positions and daily loss are checked by
        the EA on your terminal. A stopped signal stays in Signal History with the reason. Each rule
        is explained in{' '}
        <Link to="/docs/rules" className="font-medium text-brand-700 underline">
          Rules
        </Link>
        .
      </TabIntro>
      <QueryView query={rules} loading="Loading rules...">
        {(view) => (
          <>
            <RulesEditor view={view} />
            <ChangeLog changes={view.changes} />
          </>
        )}
      </QueryView>
    </div>
  );
}

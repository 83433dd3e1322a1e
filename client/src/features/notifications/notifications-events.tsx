import type { UseFormReturn } from 'react-hook-form';
import { Card, CardBody, CardHeader } from '../../components/card.tsx';
import { Input } from '../../components/form-field.tsx';
import { eventChoices, type NotificationsForm } from './notifications-form.ts';

const checkboxClass = 'mt-0.5 size-4 shrink-0 rounded border-line-strong accent-brand-600';

/** The Events card: a box per event, and the minutes an EA may be away before it counts. */
export function EventsCard({
  form,
}: {
  form: UseFormReturn<NotificationsForm, unknown, NotificationsForm>;
}) {
  return (
    <Card>
      <CardHeader title="Events" description="What you want to hear about." />
      <CardBody>
        <ul className="grid grid-cols-1 gap-x-6 gap-y-4 md:grid-cols-2">
          {eventChoices.map(({ event, label, hint }) => (
            <li key={event}>
              <label className="flex items-start gap-2.5 text-sm">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  value={event}
                  {...form.register('events')}
                />
                <span>
                  <span className="font-medium text-ink">{label}</span>
                  <span className="mt-0.5 block text-ink-muted">{hint}</span>
                </span>
              </label>
              {event === 'ea_disconnected' && (
                <div className="mt-2 ml-6.5 flex items-center gap-2 text-sm text-ink-muted">
                  <span aria-hidden="true">after</span>
                  <Input
                    className="w-20!"
                    id="ea-offline-minutes"
                    aria-label="Minutes without an EA"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={1440}
                    {...form.register('eaOfflineMinutes')}
                  />
                  <span aria-hidden="true">minutes</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

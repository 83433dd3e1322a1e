import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/centred-card.tsx';
import { useZodForm } from '../../components/form.tsx';
import { QueryView } from '../../components/states.tsx';
import { TabIntro } from '../../components/tab-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query.ts';
import {
  type NotificationChannel,
  notificationsApi,
  notificationsQuery,
  type SettingsView,
  type TestReply,
} from './notifications-api.ts';
import { ChannelCards } from './notifications-channels.tsx';
import { EventsCard } from './notifications-events.tsx';
import { formOf, inputOf, notificationsFormSchema } from './notifications-form.ts';

/** The `field` a 400 names (e.g. `telegram.botToken`), or ''. */
function fieldOf(err: unknown): string {
  const field = err instanceof ApiError && (err.body as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : '';
}

/** The form over the saved settings; saving (or a test of unsaved settings) puts them. */
function NotificationsEditor({ view }: { view: SettingsView }) {
  const form = useZodForm(notificationsFormSchema, { defaultValues: formOf(view) });
  const values = form.watch();
  const [tests, setTests] = useState<Partial<Record<NotificationChannel, TestReply | 'sending'>>>(
    {},
  );
  const save = useMutation({
    mutationFn: () => notificationsApi.save(inputOf(form.getValues())),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationsQuery.queryKey, saved);
      toast.success('Notification settings saved');
    },
  });

  // A save is the new starting point of the form.
  useEffect(() => form.reset(formOf(view)), [view, form]);

  const dirty = JSON.stringify(inputOf(values)) !== JSON.stringify(inputOf(formOf(view)));

  async function sendTest(channel: NotificationChannel) {
    setTests((t) => ({ ...t, [channel]: 'sending' }));
    const saved = !dirty || (await save.mutateAsync().then(Boolean, () => false));
    const reply: TestReply = saved
      ? await notificationsApi
          .test(channel)
          .catch((err) => ({ ok: false, message: errorText(err) }))
      : { ok: false, message: 'Not sent: the settings could not be saved (see below).' };
    setTests((t) => ({ ...t, [channel]: reply }));
  }

  return (
    <>
      <EventsCard form={form} />
      <ChannelCards
        form={form}
        view={view}
        refused={save.error && { message: errorText(save.error), field: fieldOf(save.error) }}
        tests={tests}
        testLabel={dirty ? 'Save and send test' : 'Send test'}
        onTest={(channel) => void sendTest(channel)}
      />
      <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <Button
          onClick={() => save.mutate()}
          loading={save.isPending}
          loadingText="Saving..."
          disabled={!dirty}
          className="w-full sm:w-auto"
        >
          Save settings
        </Button>
      </div>
      {save.error && <Notice tone="error">Not saved. {errorText(save.error)}</Notice>}
    </>
  );
}

/**
 * The Notifications tab (issue 23): which events to be told about and on which channels
 * (e-mail, Telegram, Discord, a signed webhook), each with a Send test button.
 */
export function NotificationsTab() {
  const settings = useQuery(notificationsQuery);
  return (
    <div className="space-y-6">
      <TabIntro title="Notifications">
        Choose what to be told about and where. Every event you tick goes to every channel you
        switch on; each one at most once, and no more than an hourly limit per account. How the
        signed webhook is verified is explained in{' '}
        <Link to="/docs/notifications" className="font-medium text-brand-700 underline">
          Notifications
        </Link>
        .
      </TabIntro>
      <QueryView query={settings} loading="Loading notification settings...">
        {(view) => <NotificationsEditor view={view} />}
      </QueryView>
    </div>
  );
}

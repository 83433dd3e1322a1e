import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { useZodForm } from '../../components/form.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { TabIntro } from '../../components/tab-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { ApiError, errorText } from '../../lib/api-client.ts';
import {
  type NotificationChannel,
  notificationsApi,
  type SettingsView,
  type TestReply,
} from './notifications-api.ts';
import { TestFooter } from './notifications-channel-card.tsx';
import { ChannelCards } from './notifications-channels.tsx';
import { EventsCard } from './notifications-events.tsx';
import { formOf, inputOf, notificationsFormSchema } from './notifications-form.ts';

/** How the cards name the fields a 400 may point at. */
const fieldLabels: Record<string, string> = {
  botToken: 'Bot token',
  chatId: 'Chat id',
  webhookUrl: 'Webhook URL',
  url: 'URL',
  secret: 'Signing secret',
};

/** The `field` a 400 names (e.g. `telegram.botToken`), or ''. */
function fieldOf(body: unknown): string {
  const field = (body as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' ? field : '';
}

/**
 * The Notifications tab (issue 23): which events to be told about and on which channels
 * (e-mail, Telegram, Discord, a signed webhook), each with a Send test button.
 */
export function NotificationsTab() {
  const [view, setView] = useState<SettingsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Empty until the saved settings arrive (`reset` below); nothing shows before then.
  const form = useZodForm(notificationsFormSchema);
  const values = form.watch();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<{ message: string; field: string } | null>(null);
  const [tests, setTests] = useState<Partial<Record<NotificationChannel, TestReply | 'sending'>>>(
    {},
  );

  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) loads again
  useEffect(() => {
    let live = true;
    setLoadError(null);
    notificationsApi
      .get()
      .then((loaded) => {
        if (!live) return;
        setView(loaded);
        form.reset(formOf(loaded));
      })
      .catch((err: unknown) => {
        if (live) setLoadError(errorText(err));
      });
    return () => {
      live = false;
    };
  }, [attempt, form]);

  if (loadError) return <ErrorState message={loadError} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!view) return <LoadingState label="Loading notification settings..." />;

  const dirty = JSON.stringify(inputOf(values)) !== JSON.stringify(inputOf(formOf(view)));

  async function save(): Promise<boolean> {
    setSaving(true);
    setSaveError(null);
    try {
      const saved = await notificationsApi.save(inputOf(form.getValues()));
      setView(saved);
      form.reset(formOf(saved));
      toast.success('Notification settings saved');
      return true;
    } catch (err) {
      const field = err instanceof ApiError ? fieldOf(err.body) : '';
      setSaveError({ message: errorText(err), field });
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function sendTest(channel: NotificationChannel) {
    setTests((t) => ({ ...t, [channel]: 'sending' }));
    if (dirty && !(await save())) {
      setTests((t) => ({
        ...t,
        [channel]: { ok: false, message: 'Not sent: the settings could not be saved (see below).' },
      }));
      return;
    }
    try {
      const reply = await notificationsApi.test(channel);
      setTests((t) => ({ ...t, [channel]: reply }));
    } catch (err) {
      setTests((t) => ({ ...t, [channel]: { ok: false, message: errorText(err) } }));
    }
  }

  /** The refused setting's message, shown in the card it belongs to. */
  const errorFor = (channel: NotificationChannel) => {
    if (!saveError) return null;
    const [owner, name] = saveError.field.split('.');
    if (owner !== channel) return null;
    const text = saveError.message.replace(`${saveError.field}: `, '');
    const label = name ? fieldLabels[name] : undefined;
    return label ? `${label}: ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
  };

  const testFooter = (channel: NotificationChannel) => (
    <TestFooter
      state={tests[channel]}
      onTest={() => void sendTest(channel)}
      label={dirty ? 'Save and send test' : 'Send test'}
    />
  );

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
      <EventsCard form={form} />
      <ChannelCards form={form} view={view} footer={testFooter} errorFor={errorFor} />

      <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <Button
          onClick={() => void save()}
          loading={saving}
          loadingText="Saving..."
          disabled={!dirty}
          className="w-full sm:w-auto"
        >
          Save settings
        </Button>
      </div>
      {saveError && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-loss-soft p-3 text-sm font-medium text-loss"
        >
          Not saved. {saveError.message}
        </p>
      )}
    </div>
  );
}

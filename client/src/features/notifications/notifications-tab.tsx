import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PathValue } from 'react-hook-form';
import { Button } from '../../components/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/card.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { BoundField, useZodForm } from '../../components/form.tsx';
import { Input } from '../../components/form-field.tsx';
import { InfoIcon } from '../../components/icons.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { toast } from '../../components/toast.tsx';
import { ApiError, errorText } from '../../lib/api-client.ts';
import {
  type NotificationChannel,
  notificationsApi,
  type SettingsView,
  type TestReply,
} from './notifications-api.ts';
import { ChannelCard, TestFooter } from './notifications-channel-card.tsx';
import {
  eventChoices,
  formOf,
  generateSecret,
  inputOf,
  type NotificationsForm,
  notificationsFormSchema,
  toggleEvent,
} from './notifications-form.ts';

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

const checkboxClass = 'mt-0.5 size-4 shrink-0 rounded border-line-strong accent-brand-600';

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
  const set = <Key extends keyof NotificationsForm>(key: Key, value: NotificationsForm[Key]) =>
    form.setValue(key, value as PathValue<NotificationsForm, Key>);

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
      <div>
        <h2 className="text-xl font-semibold text-ink">Notifications</h2>
        <div className="mt-3 flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
          <InfoIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
          <p>
            Choose what to be told about and where. Every event you tick goes to every channel you
            switch on; each one at most once, and no more than an hourly limit per account. How the
            signed webhook is verified is explained in{' '}
            <Link to="/docs/notifications" className="font-medium text-brand-700 underline">
              Notifications
            </Link>
            .
          </p>
        </div>
      </div>

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
                    checked={values.events.includes(event)}
                    onChange={(e) =>
                      set('events', toggleEvent(values.events, event, e.target.checked))
                    }
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

      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <ChannelCard
          title="E-mail"
          description={`To your account's address, ${view.email.address}.`}
          enabled={values.emailEnabled}
          onEnabled={(on) => set('emailEnabled', on)}
          footer={testFooter('email')}
          error={errorFor('email')}
        >
          <ul className="list-disc space-y-1.5 pl-5 text-sm text-ink-muted">
            <li>Sent from our mail server, with the event in the subject line.</li>
            <li>To use another address, change your account's e-mail.</li>
            <li>The first time, check your spam folder and mark the message as not spam.</li>
          </ul>
        </ChannelCard>

        <ChannelCard
          title="Telegram"
          description="From your own bot to a chat, group or channel."
          enabled={values.telegramEnabled}
          onEnabled={(on) => set('telegramEnabled', on)}
          footer={testFooter('telegram')}
          error={errorFor('telegram')}
        >
          <BoundField
            form={form}
            name="telegramBotToken"
            label="Bot token"
            hint={
              view.telegram.botToken
                ? 'Saved. Leave empty to keep it, or paste a new one.'
                : 'Create a bot with @BotFather and paste the token it gives you.'
            }
          >
            <Input
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={view.telegram.botToken ?? '123456789:ABCdef…'}
            />
          </BoundField>
          <BoundField
            form={form}
            name="telegramChatId"
            label="Chat id"
            hint="Send your bot a message, then read the chat id from getUpdates; or @yourchannel."
          >
            <Input inputMode="numeric" spellCheck={false} placeholder="123456789" />
          </BoundField>
        </ChannelCard>

        <ChannelCard
          title="Discord"
          description="A message in a channel of your server."
          enabled={values.discordEnabled}
          onEnabled={(on) => set('discordEnabled', on)}
          footer={testFooter('discord')}
          error={errorFor('discord')}
        >
          <BoundField
            form={form}
            name="discordWebhookUrl"
            label="Webhook URL"
            hint="Channel settings → Integrations → Webhooks → New Webhook → Copy Webhook URL."
          >
            <Input type="url" spellCheck={false} placeholder="https://discord.com/api/webhooks/…" />
          </BoundField>
        </ChannelCard>

        <ChannelCard
          title="Signed webhook"
          description="A JSON POST to your own server, signed with HMAC-SHA256."
          enabled={values.webhookEnabled}
          onEnabled={(on) => set('webhookEnabled', on)}
          footer={testFooter('webhook')}
          error={errorFor('webhook')}
        >
          <BoundField
            form={form}
            name="webhookUrl"
            label="URL"
            hint="Public https address; private and local addresses are refused."
          >
            <Input type="url" spellCheck={false} placeholder="https://example.com/signalrelay" />
          </BoundField>
          <BoundField
            form={form}
            name="webhookSecret"
            label="Signing secret"
            hint={
              values.webhookSecret
                ? 'Copy it to your receiver now: once saved it is shown masked.'
                : view.webhook.secret
                  ? 'Saved. Leave empty to keep it, or generate a new one.'
                  : 'At least 16 characters, or generate one.'
            }
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              placeholder={view.webhook.secret ?? 'whsec_…'}
            />
          </BoundField>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => set('webhookSecret', generateSecret())}
            >
              Generate secret
            </Button>
            {values.webhookSecret && (
              <CopyButton
                text={values.webhookSecret}
                label="Copy secret"
                variant="outline"
                size="sm"
              />
            )}
          </div>
        </ChannelCard>
      </div>

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

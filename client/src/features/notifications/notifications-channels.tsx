import type { InputHTMLAttributes } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/card.tsx';
import { Notice } from '../../components/centred-card.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { BoundField } from '../../components/form.tsx';
import { Input } from '../../components/form-field.tsx';
import { cn } from '../../lib/cn.ts';
import type { NotificationChannel, SettingsView, TestReply } from './notifications-api.ts';
import { generateSecret, type NotificationsForm } from './notifications-form.ts';

type Form = UseFormReturn<NotificationsForm, unknown, NotificationsForm>;
/** A setting saving refused: the server's message and the `field` it names (`telegram.botToken`). */
export type Refused = { message: string; field: string };
type Field = InputHTMLAttributes<HTMLInputElement> & {
  name: keyof NotificationsForm;
  label: string;
  hint: string;
};
type Channel = {
  channel: NotificationChannel;
  title: string;
  description: string;
  fields: Field[];
};

/**
 * The four channels with the fields each needs (e-mail has none: it goes to the account's
 * address); hints and placeholders say what is saved, which the user cannot see again.
 */
function channelsOf(view: SettingsView, values: NotificationsForm): Channel[] {
  const plain = { spellCheck: false };
  return [
    {
      channel: 'email',
      title: 'E-mail',
      description: `To your account's address, ${view.email.address}.`,
      fields: [],
    },
    {
      channel: 'telegram',
      title: 'Telegram',
      description: 'From your own bot to a chat, group or channel.',
      fields: [
        {
          ...plain,
          name: 'telegramBotToken',
          label: 'Bot token',
          hint: view.telegram.botToken
            ? 'Saved. Leave empty to keep it, or paste a new one.'
            : 'Create a bot with @BotFather and paste the token it gives you.',
          type: 'password',
          autoComplete: 'off',
          placeholder: view.telegram.botToken ?? '123456789:ABCdef…',
        },
        {
          ...plain,
          name: 'telegramChatId',
          label: 'Chat id',
          hint: 'Send your bot a message, then read the chat id from getUpdates; or @yourchannel.',
          inputMode: 'numeric',
          placeholder: '123456789',
        },
      ],
    },
    {
      channel: 'discord',
      title: 'Discord',
      description: 'A message in a channel of your server.',
      fields: [
        {
          ...plain,
          name: 'discordWebhookUrl',
          label: 'Webhook URL',
          hint: 'Channel settings → Integrations → Webhooks → New Webhook → Copy Webhook URL.',
          type: 'url',
          placeholder: 'https://discord.com/api/webhooks/…',
        },
      ],
    },
    {
      channel: 'webhook',
      title: 'Signed webhook',
      description: 'A JSON POST to your own server, signed with HMAC-SHA256.',
      fields: [
        {
          ...plain,
          name: 'webhookUrl',
          label: 'URL',
          hint: 'Public https address; private and local addresses are refused.',
          type: 'url',
          placeholder: 'https://example.com/signalrelay',
        },
        {
          ...plain,
          name: 'webhookSecret',
          label: 'Signing secret',
          hint: values.webhookSecret
            ? 'Copy it to your receiver now: once saved it is shown masked.'
            : view.webhook.secret
              ? 'Saved. Leave empty to keep it, or generate a new one.'
              : 'At least 16 characters, or generate one.',
          className: 'font-mono',
          autoComplete: 'off',
          placeholder: view.webhook.secret ?? 'whsec_…',
        },
      ],
    },
  ];
}

/** What a channel shows besides its fields: e-mail's notes, the webhook's secret buttons. */
function Extra({ channel, form }: { channel: NotificationChannel; form: Form }) {
  const secret = form.watch('webhookSecret');
  if (channel === 'email')
    return (
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-ink-muted">
        <li>Sent from our mail server, with the event in the subject line.</li>
        <li>To use another address, change your account's e-mail.</li>
        <li>The first time, check your spam folder and mark the message as not spam.</li>
      </ul>
    );
  if (channel !== 'webhook') return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => form.setValue('webhookSecret', generateSecret())}
      >
        Generate secret
      </Button>
      {secret && <CopyButton text={secret} label="Copy secret" variant="outline" size="sm" />}
    </div>
  );
}

/** Why saving refused a setting of `card`, named by the field's label ('' when not this card's). */
function refusal(card: Channel, refused: Refused | null): string {
  const [owner, name = ''] = refused?.field.split('.') ?? [];
  if (!refused || owner !== card.channel) return '';
  const text = refused.message.replace(`${refused.field}: `, '');
  const formName = `${owner}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  const label = card.fields.find((field) => field.name === formName)?.label;
  return label ? `${label}: ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The channel cards: each with its On/Off switch, its fields, the setting saving refused, and
 * Send test with the last test's answer.
 */
export function ChannelCards({
  form,
  view,
  refused,
  tests,
  testLabel,
  onTest,
}: {
  form: Form;
  view: SettingsView;
  refused: Refused | null;
  tests: Partial<Record<NotificationChannel, TestReply | 'sending'>>;
  testLabel: string;
  onTest: (channel: NotificationChannel) => void;
}) {
  const values = form.watch();
  return (
    <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
      {channelsOf(view, values).map((card) => {
        const enabled = values[`${card.channel}Enabled`];
        const error = refusal(card, refused);
        const test = tests[card.channel];
        return (
          <Card key={card.channel} aria-label={`${card.title} channel`} role="group">
            <CardHeader
              className="flex-nowrap"
              title={card.title}
              description={card.description}
              actions={
                <label
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium',
                    enabled
                      ? 'border-brand-200 bg-brand-50 text-brand-800'
                      : 'border-line-strong bg-surface text-ink-muted',
                  )}
                >
                  <input
                    type="checkbox"
                    className="size-4 rounded border-line-strong accent-brand-600"
                    {...form.register(`${card.channel}Enabled`)}
                  />
                  {enabled ? 'On' : 'Off'}
                </label>
              }
            />
            <CardBody className="space-y-4">
              {card.fields.map(({ name, label, hint, ...input }) => (
                <BoundField key={name} form={form} name={name} label={label} hint={hint}>
                  <Input {...input} />
                </BoundField>
              ))}
              <Extra channel={card.channel} form={form} />
              {error && <Notice tone="error">{error}</Notice>}
            </CardBody>
            <CardBody className="space-y-3 border-t border-line">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onTest(card.channel)}
                loading={test === 'sending'}
                loadingText="Sending..."
              >
                {testLabel}
              </Button>
              {test && test !== 'sending' && (
                <Notice tone={test.ok ? 'success' : 'error'}>{test.message}</Notice>
              )}
            </CardBody>
          </Card>
        );
      })}
    </div>
  );
}

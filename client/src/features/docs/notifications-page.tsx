import { Callout, CodeBlock, DocsPage, DocTable, TabLink } from './docs-kit.tsx';

const examplePayload = `{
  "id": "5b0f3c1e9a7d4e21b8c6a2f04d9e7c13",
  "event": "signal_failed",
  "key": "signal_failed:0193f1d2-7c1a-7b2e-9f3c-5d8e2a1b4c6d",
  "occurredAt": "2026-11-25T09:14:03.120Z",
  "title": "Signal failed: SELL XAUUSD",
  "text": "Not enough money (10019)\\nReceived 2026-11-25T09:14:02.870Z. Details in Signal History.",
  "data": { "signalId": "0193f1d2-…", "symbol": "XAUUSD", "position": "sell", "status": "error" }
}`;

const nodeVerifier = `import { createHmac, timingSafeEqual } from 'node:crypto';

// The secret you saved in the dashboard.
const secret = process.env.SIGNALRELAY_WEBHOOK_SECRET;
// Delivery ids already handled (in production: a store whose entries expire).
const seen = new Set();

/** rawBody: the request body exactly as received (bytes or string), before JSON parsing. */
export function verify(headers, rawBody) {
  const timestamp = Number(headers['x-signalrelay-timestamp']);
  const signature = String(headers['x-signalrelay-signature'] ?? '');
  // Replay window: refuse anything older (or newer) than 5 minutes.
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected =
    'v1=' + createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
  const id = headers['x-signalrelay-delivery'];
  if (seen.has(id)) return false; // already handled: a retry of a delivery you accepted
  seen.add(id);
  return true;
}`;

const pythonVerifier = `import hashlib, hmac, time

def verify(headers, raw_body: bytes, secret: str) -> bool:
    timestamp = headers.get("X-SignalRelay-Timestamp", "")
    signature = headers.get("X-SignalRelay-Signature", "")
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > 300:
        return False
    signed = timestamp.encode() + b"." + raw_body
    expected = "v1=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(signature, expected)`;

const headers = [
  ['X-SignalRelay-Event', 'the event, e.g. signal_failed, quota_exhausted or test'],
  [
    'X-SignalRelay-Delivery',
    'the delivery id, the same on every retry of one notification: drop ids you have seen',
  ],
  ['X-SignalRelay-Timestamp', 'when this attempt was sent, in Unix seconds'],
  [
    'X-SignalRelay-Signature',
    'v1= and the hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with your secret',
  ],
];

const events = [
  [
    'signal_failed',
    'a signal the EA could not execute or that expired undelivered, or an alert refused for its content',
  ],
  ['rule_triggered', 'one of your account rules stopped a signal (it is kept in Signal History)'],
  ['ea_disconnected', 'no EA has been connected for the minutes you chose'],
  [
    'executor_refused',
    'a second copy of the EA was refused because another one trades the account',
  ],
  ['quota_warning', '90% of the daily signal quota is used'],
  ['quota_exhausted', 'the daily quota is used up; further alerts are not sent to the EA'],
  ['daily_summary', "yesterday's alerts by result, after midnight New York time"],
];

export function NotificationsDocsPage() {
  return (
    <DocsPage
      title="Notifications"
      lead="Be told when something needs you: a failed or refused signal, an EA that went away, a second EA refused, the daily quota, and a daily summary. By e-mail, Telegram, Discord or a signed webhook to your own server."
    >
      <h2 id="setup">Setting up</h2>
      <p>
        Open the dashboard's <TabLink tab="notifications" /> tab, tick the events you want and
        switch on one or more channels. Every ticked event goes to every channel that is on. Use{' '}
        <strong>Send test</strong> on each channel to check it arrives.
      </p>
      <ul>
        <li>
          <strong>E-mail</strong> goes to your account's address.
        </li>
        <li>
          <strong>Telegram</strong>: create a bot with @BotFather, paste its token, send the bot a
          message and use your chat id (or <code>@yourchannel</code> with the bot as an admin).
        </li>
        <li>
          <strong>Discord</strong>: in a channel's settings, Integrations → Webhooks → New Webhook,
          then copy its URL.
        </li>
        <li>
          <strong>Signed webhook</strong>: a JSON POST to your own https address, signed as
          described below.
        </li>
      </ul>
      <p>
        Each occurrence is sent once per channel; a channel that fails (a network error, a 429 or a
        5xx answer) is retried with growing delays, about 2, 4, 8 and 16 seconds. By default at most
        60 notifications per hour are sent to one account; the rest are dropped. Bot tokens and
        secrets are never shown again in full after you save them.
      </p>

      <h2 id="events">Events</h2>
      <DocTable
        head={['event', 'sent when']}
        rows={events.map(([name, when]) => [<code key={name}>{name}</code>, when])}
        nowrap={1}
      />

      <h2 id="webhook">The signed webhook</h2>
      <p>
        Each notification is a <code>POST</code> with a JSON body such as:
      </p>
      <CodeBlock code={examplePayload} />
      <p>and these headers:</p>
      <DocTable
        head={['header', 'value']}
        rows={headers.map(([name, value]) => [<code key={name}>{name}</code>, value])}
      />
      <h3 id="verify">Verifying a delivery</h3>
      <ol>
        <li>
          Read the body as raw bytes, before any JSON parsing (re-serialised JSON would not match).
        </li>
        <li>
          Compute HMAC-SHA256 with your secret over the timestamp header, a dot, and the raw body:{' '}
          <code>{'<timestamp>.<raw body>'}</code>. The timestamp is signed so it cannot be changed.
        </li>
        <li>
          Compare <code>v1=</code> and its hex digest with <code>X-SignalRelay-Signature</code> in
          constant time.
        </li>
        <li>
          Refuse a timestamp more than 5 minutes from your clock (replay window), and a delivery id
          you have already handled.
        </li>
        <li>Answer 2xx quickly. Any other answer counts as failed; 429 and 5xx are retried.</li>
      </ol>
      <CodeBlock code={nodeVerifier} label="Node.js" />
      <CodeBlock code={pythonVerifier} label="Python" />
      <Callout tone="warning" title="Public addresses only">
        <p>
          Discord and webhook URLs must resolve to public internet addresses: local, private and
          link-local ones (127.0.0.1, 10.x, 192.168.x, 169.254.x, ::1 …) are refused when you save
          and again when sending. Self-hosted servers can allow them with{' '}
          <code>NOTIFY_ALLOW_PRIVATE_URLS=true</code>.
        </p>
      </Callout>
    </DocsPage>
  );
}

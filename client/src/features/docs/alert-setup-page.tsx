import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { CheckList } from '../../components/check-list.tsx';
import { Modal } from '../../components/dialog.tsx';
import { ArrowRightIcon, ZoomIcon } from '../../components/icons.tsx';
import {
  ChartToolbarScreen,
  MessageScreen,
  NotificationsScreen,
  SettingsScreen,
} from './alert-screens.tsx';
import {
  Callout,
  DocsPage,
  Step,
  StepList,
  TabLink,
  WebhookUrlBox,
  webhookUrl,
} from './docs-kit.tsx';

type Screenshot = { caption: string; image: ReactNode };

/** A drawn illustration that opens full size in a dialog. */
function Illustration({
  caption,
  children,
  onOpen,
}: {
  caption: string;
  children: ReactNode;
  onOpen: (shot: Screenshot) => void;
}) {
  return (
    <figure className="not-prose my-4">
      <button
        type="button"
        onClick={() => onOpen({ caption, image: children })}
        aria-label={`Enlarge illustration: ${caption}`}
        className="group relative block w-full max-w-md overflow-hidden rounded-xl border border-line shadow-sm"
      >
        {children}
        <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-md bg-night/75 px-2 py-1 text-xs text-white opacity-90 group-hover:opacity-100">
          <ZoomIcon className="size-4" /> Enlarge
        </span>
      </button>
      <figcaption className="mt-2 text-xs text-ink-subtle">Illustration: {caption}</figcaption>
    </figure>
  );
}

const flow = [
  'TradingView alert',
  'Webhook request',
  'SignalRelay',
  'EA in MetaTrader',
  'Your broker',
];

export function AlertSetupPage() {
  const [open, setOpen] = useState<Screenshot | null>(null);

  return (
    <DocsPage
      title="TradingView Alert Setup"
      lead="Create a TradingView alert that sends its message to SignalRelay, so that every time it fires your EA trades it."
    >
      <h2>How a signal travels</h2>
      <ol className="not-prose my-4 flex flex-wrap items-center gap-2 text-sm">
        {flow.map((step, i) => (
          <li key={step} className="flex items-center gap-2">
            <span className="rounded-lg border border-line bg-surface px-3 py-1.5 font-medium text-ink shadow-xs">
              {step}
            </span>
            {i < flow.length - 1 && <ArrowRightIcon className="size-4 text-ink-subtle" />}
          </li>
        ))}
      </ol>
      <p>
        TradingView posts the alert message to the webhook URL. SignalRelay checks the license
        number and parameters, stores the signal and pushes it to every connected EA of your
        license; the EA executes it and reports the broker's answer, which appears in your Signal
        History.
      </p>

      <h2>Prerequisites</h2>
      <ul>
        <li>
          A TradingView plan with webhook alerts (Essential or higher). TradingView may also ask you
          to turn on two-factor authentication before it sends webhooks.
        </li>
        <li>
          The EA installed and connected: the dashboard's EA indicator is green (see the{' '}
          <Link to="/docs/install-mt4-5">installation guide</Link>).
        </li>
        <li>Your license number from the dashboard.</li>
        <li>
          A chart with the indicator or strategy whose signals you want to trade, and a message
          written as in <Link to="/docs/basic-config">Basic Configuration</Link>.
        </li>
      </ul>

      <h2>Your webhook URL</h2>
      <WebhookUrlBox />
      <p>
        The same address (<code>{window.location.origin}</code>) is the one to allow in MetaTrader
        for web requests. TradingView only sends webhooks to ports 80 and 443, which is where this
        URL points.
      </p>

      <h2>Create the alert</h2>
      <StepList>
        <Step title="Open the alert dialog">
          <p>
            Open the chart of the symbol to trade, with your indicator or strategy on it, and click{' '}
            <em>Alert</em> in the top toolbar (or press <em>Alt + A</em>).
          </p>
          <Illustration caption="the Alert button in the chart toolbar" onOpen={setOpen}>
            <ChartToolbarScreen />
          </Illustration>
        </Step>
        <Step title="Choose the condition and trigger">
          <p>
            Under <em>Condition</em> pick your indicator's signal, or your strategy with{' '}
            <em>Order fills only</em>. Set <em>Trigger</em> to <em>Once per bar close</em> so an
            unfinished bar cannot fire a signal that later disappears.
          </p>
          <Illustration caption="condition and trigger in the Settings tab" onOpen={setOpen}>
            <SettingsScreen />
          </Illustration>
        </Step>
        <Step title="Write the message">
          <p>
            Replace the contents of the <em>Message</em> box with your JSON message. Use one alert
            per action for indicators (one for buy, one for close), or one alert with{' '}
            <code>{'{{strategy.order.action}}'}</code> for a strategy.
          </p>
          <p>
            The <TabLink tab="signal-test" /> tab builds both: <em>Fixed alert</em> for one action,
            and <em>Strategy alert</em>, one message for every order of a strategy with{' '}
            <code>{'{{ticker}}'}</code>, <code>{'{{strategy.order.action}}'}</code>,{' '}
            <code>{'{{strategy.order.contracts}}'}</code> and an <code>alertId</code> from{' '}
            <code>{'{{timenow}}'}</code>. It checks the message as you edit or paste it, with the
            same rules the server applies, and names every field it would refuse.
          </p>
          <Illustration caption="the JSON message in the Message tab" onOpen={setOpen}>
            <MessageScreen />
          </Illustration>
        </Step>
        <Step title="Turn on the webhook">
          <p>
            In <em>Notifications</em>, tick <em>Webhook URL</em> and paste the URL copied above.
          </p>
          <Illustration caption="Webhook URL in the Notifications tab" onOpen={setOpen}>
            <NotificationsScreen url={webhookUrl()} />
          </Illustration>
        </Step>
        <Step title="Create and watch">
          <p>
            Press <em>Create</em>. The next time the condition is met, the signal appears in your
            dashboard's Signal History with its result.
          </p>
        </Step>
      </StepList>

      <h2>Test before you trust it</h2>
      <ol>
        <li>
          Send a test from the <TabLink tab="signal-test" /> tab: it goes through SignalRelay to
          your EA, which logs it without trading.
        </li>
        <li>
          Point a real alert at a demo account and let it fire, for example on a short time frame.
          Check Signal History and the EA's <em>Experts</em> tab.
        </li>
        <li>
          Compare the order in MetaTrader with what you expected: symbol, direction, volume, stop
          loss and take profit.
        </li>
      </ol>

      <h2>Go-live checklist</h2>
      <CheckList
        className="not-prose my-4"
        items={[
          'Test signals and demo trades behave as expected.',
          'The EA runs on the live account, on a computer or VPS that stays on.',
          'Every entry has a stop loss, and volumes fit your account size.',
          'Your plan’s daily signal allowance covers how often the alert fires.',
          'Alerts use an alertId so a resent alert cannot trade twice.',
          'You know how to stop: pause the alert in TradingView, or turn off Algo Trading in MetaTrader.',
        ]}
      />
      <p>
        TradingView stops an alert that triggers more than 15 times in 3 minutes; if signals stop
        arriving, check the alert's status in TradingView.
      </p>

      <Callout tone="danger" title="Risk warning">
        <p>
          Automated trading executes every signal without asking you. A mistake in a strategy, an
          alert or a message can open trades you did not intend, and leveraged trading can lose more
          than your deposit. Start on a demo account, use stop losses, and never risk money you
          cannot afford to lose. SignalRelay is not affiliated with TradingView or MetaQuotes and
          gives no investment advice.
        </p>
      </Callout>

      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `Illustration: ${open.caption}` : 'Illustration'}
        className="w-[min(64rem,calc(100vw-2rem))]"
      >
        <div className="mt-4 overflow-hidden rounded-xl border border-line">{open?.image}</div>
      </Modal>
    </DocsPage>
  );
}

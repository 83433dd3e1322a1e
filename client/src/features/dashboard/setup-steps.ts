import type { SetupProgress } from '@signalrelay/contracts/account';
import type { LinkProps } from '@tanstack/react-router';

export type SetupStep = {
  key: Exclude<keyof SetupProgress, 'done'>;
  title: string;
  description: string;
  /** Typed by the router: a path that is not a route fails the type check. */
  links: { label: string; to: LinkProps['to']; hash?: string }[];
};

/** The checklist, in the order a new user goes through it; each ticks from a real event. */
export const setupSteps: readonly SetupStep[] = [
  {
    key: 'licenseCopied',
    title: 'Copy your license number',
    description: 'Press Copy beside it: the EA and every alert need it.',
    links: [{ label: 'Licenses tab', to: '/dashboard', hash: 'licenses' }],
  },
  {
    key: 'eaConnected',
    title: 'Install the EA and connect it',
    description: 'Attach the EA to a chart in MetaTrader with your license number.',
    links: [
      { label: 'Installation guide', to: '/docs/install-mt4-5' },
      { label: 'Downloads', to: '/dashboard', hash: 'downloads' },
    ],
  },
  {
    key: 'testSignalReceived',
    title: 'Send a test signal',
    description: 'Your EA receives it and logs it without placing a trade.',
    links: [{ label: 'Signal Test tab', to: '/dashboard', hash: 'signal-test' }],
  },
  {
    key: 'liveAlertReceived',
    title: 'Send your first live alert',
    description: 'Create a TradingView alert with your webhook URL and message.',
    links: [{ label: 'Alert setup guide', to: '/docs/tradingview-alert-setup' }],
  },
];

import type { SetupProgress } from '@signalrelay/contracts/account';

export type SetupStep = {
  key: Exclude<keyof SetupProgress, 'done'>;
  title: string;
  description: string;
  links: { label: string; href: string }[];
};

/** The checklist, in the order a new user goes through it; each ticks from a real event. */
export const setupSteps: readonly SetupStep[] = [
  {
    key: 'licenseCopied',
    title: 'Copy your licence number',
    description: 'Press Copy beside it: the EA and every alert need it.',
    links: [{ label: 'Licenses tab', href: '/dashboard#licenses' }],
  },
  {
    key: 'eaConnected',
    title: 'Install the EA and connect it',
    description: 'Attach the EA to a chart in MetaTrader with your licence number.',
    links: [
      { label: 'Installation guide', href: '/docs/install-mt4-5' },
      { label: 'Downloads', href: '/dashboard#downloads' },
    ],
  },
  {
    key: 'testSignalReceived',
    title: 'Send a test signal',
    description: 'Your EA receives it and logs it without placing a trade.',
    links: [{ label: 'Signal Test tab', href: '/dashboard#signal-test' }],
  },
  {
    key: 'liveAlertReceived',
    title: 'Send your first live alert',
    description: 'Create a TradingView alert with your webhook URL and message.',
    links: [{ label: 'Alert setup guide', href: '/docs/tradingview-alert-setup' }],
  },
];

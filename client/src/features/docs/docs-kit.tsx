import { Link, useRouterState } from '@tanstack/react-router';
import { Children, type ReactNode } from 'react';
import { CopyButton } from '../../components/copy-button.tsx';
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon, InfoIcon } from '../../components/icons.tsx';
import { StepNumber } from '../../components/step-number.tsx';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { docsNav, docsOrder } from './docs-nav.ts';

/** Each page's sidebar label and the group it belongs to. */
const pages = new Map<string, { label: string; group: string }>(
  docsNav.flatMap((g) => g.items.map((i) => [i.to, { label: i.label, group: g.title }] as const)),
);

/** Previous / next page in reading order. */
function PageTurn({ path }: { path: string }) {
  const index = docsOrder.indexOf(path as (typeof docsOrder)[number]);
  if (index < 0) return null;
  const turns = [
    { to: docsOrder[index - 1], label: 'Previous', Icon: ChevronLeftIcon },
    { to: docsOrder[index + 1], label: 'Next', Icon: ChevronRightIcon },
  ];
  return (
    <nav
      aria-label="Previous and next page"
      className="mt-14 flex justify-between gap-4 border-t border-line pt-6 text-sm"
    >
      {turns.map(({ to, label, Icon }) =>
        to ? (
          <Link
            key={label}
            to={to}
            className={cn(
              'flex items-center gap-2 text-ink-muted hover:text-brand-700',
              label === 'Next' && 'flex-row-reverse text-right',
            )}
          >
            <Icon className="size-4" />
            <span>
              <span className="block text-xs text-ink-subtle">{label}</span>
              {pages.get(to)?.label}
            </span>
          </Link>
        ) : (
          <span key={label} />
        ),
      )}
    </nav>
  );
}

/**
 * The frame of every docs page: its sidebar group as the eyebrow, title, lead paragraph, content,
 * page turn.
 */
export function DocsPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const path = useRouterState({ select: (s) => s.location.pathname.replace(/\/$/, '') });
  return (
    <article>
      <header className="mb-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {pages.get(path)?.group}
        </p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-ink-muted">{lead}</p>
      </header>
      <div className="prose-doc max-w-3xl">{children}</div>
      <PageTurn path={path} />
    </article>
  );
}

const calloutStyles = {
  info: { box: 'border-blue-200 bg-info-soft text-ink', icon: 'text-info', Icon: InfoIcon },
  warning: { box: 'border-amber-200 bg-warn-soft text-ink', icon: 'text-warn', Icon: AlertIcon },
  danger: { box: 'border-red-200 bg-loss-soft text-ink', icon: 'text-loss', Icon: AlertIcon },
} as const;

export function Callout({
  tone = 'info',
  title,
  children,
}: {
  tone?: keyof typeof calloutStyles;
  title?: string;
  children: ReactNode;
}) {
  const style = calloutStyles[tone];
  return (
    <aside className={cn('my-6 flex gap-3 rounded-xl border p-4 text-sm leading-6', style.box)}>
      <style.Icon className={cn('mt-0.5 size-5 shrink-0', style.icon)} />
      <div className="min-w-0 [&>p]:my-1">
        {title && <p className="font-semibold text-ink">{title}</p>}
        {children}
      </div>
    </aside>
  );
}

/**
 * A docs table from data: one row per array of cells. `rowHeaders` makes each row's first cell its
 * header (a `th`); `nowrap` keeps that many leading columns (short names) on one line from the
 * `sm` width up: on a phone the columns share the width and every word may wrap.
 */
export function DocTable({
  head,
  rows,
  rowHeaders = false,
  nowrap = 0,
}: {
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  rowHeaders?: boolean;
  nowrap?: number;
}) {
  return (
    <table>
      <thead>
        <tr>
          {head.map((title) => (
            <th key={title} scope="col">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed table
          <tr key={r}>
            {cells.map((cell, i) => {
              const className = i < nowrap ? 'sm:whitespace-nowrap' : undefined;
              return rowHeaders && i === 0 ? (
                <th key={head[i]} scope="row" className={className}>
                  {cell}
                </th>
              ) : (
                <td key={head[i]} className={className}>
                  {cell}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const dashboardTabs = {
  'signal-test': 'Signal Test',
  downloads: 'Downloads',
  rules: 'Rules',
  notifications: 'Notifications',
} as const;

/** A link to a tab of the dashboard, named as the tab is. */
export function TabLink({ tab }: { tab: keyof typeof dashboardTabs }) {
  return (
    <Link to="/dashboard" hash={tab}>
      {dashboardTabs[tab]}
    </Link>
  );
}

/** This deployment's webhook URL in a box with a copy button. */
export function WebhookUrlBox() {
  return (
    <div className="not-prose my-4 flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface-muted px-4 py-3">
      <code className="min-w-0 flex-1 font-mono text-sm break-all text-ink">{webhookUrl()}</code>
      <CopyButton text={webhookUrl()} label="Copy URL" />
    </div>
  );
}

/** A code sample with a copy button. */
export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <div className="not-prose my-4 overflow-hidden rounded-xl border border-slate-800 bg-night">
      <div className="flex items-center justify-between border-b border-white/10 px-4 py-2">
        <span className="text-xs font-medium text-slate-400">{label ?? 'JSON'}</span>
        <CopyButton
          text={code}
          variant="ghost"
          className="text-slate-300 hover:bg-white/10 hover:text-white"
        />
      </div>
      <pre className="overflow-x-auto p-4 text-sm leading-6 text-slate-100">
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** A numbered list of steps, each a `Step`. */
export function StepList({ children }: { children: ReactNode }) {
  return (
    <ol className="not-prose my-6 space-y-6">
      {Children.map(children, (step, index) => (
        <li className="flex gap-4">
          <StepNumber n={index + 1} className="size-8" />
          {step}
        </li>
      ))}
    </ol>
  );
}

/** One step of a `StepList`: its heading, then what to do. */
export function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 flex-1 pt-1">
      <h3 className="font-semibold text-ink">{title}</h3>
      <div className="mt-1 text-ink-muted leading-7 doc-inline">{children}</div>
    </div>
  );
}

/** The webhook URL of this deployment (what TradingView posts to and the terminal must allow). */
export function webhookUrl(): string {
  return `${window.location.origin}/api/webhook/handleWebhook`;
}

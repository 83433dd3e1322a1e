import type { Summary } from './stats.ts';

/** A target of issue 10 and whether this run met it. */
export type Check = { target: string; actual: string; ok: boolean };

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

/** A latency table: one row per measured hop, columns count/p50/p90/p99/max in ms. */
export function latencyTable(rows: [string, Summary | null][]): string {
  const width = Math.max(24, ...rows.map(([name]) => name.length + 2));
  const head = `${'ms'.padEnd(width)}${['count', 'p50', 'p90', 'p99', 'max', 'mean'].map((h) => h.padStart(9)).join('')}`;
  const lines = rows.map(([name, s]) => {
    if (!s) return `${name.padEnd(width)}${'-'.padStart(9)}`;
    const cells = [String(s.count), fmt(s.p50), fmt(s.p90), fmt(s.p99), fmt(s.max), fmt(s.mean)];
    return `${name.padEnd(width)}${cells.map((c) => c.padStart(9)).join('')}`;
  });
  return [head, ...lines].join('\n');
}

export function checksTable(checks: Check[]): string {
  if (checks.length === 0) return '';
  const width = Math.max(...checks.map((c) => c.target.length)) + 2;
  return checks
    .map((c) => `${c.ok ? 'PASS' : 'MISS'}  ${c.target.padEnd(width)}${c.actual}`)
    .join('\n');
}

export function counts(record: Record<string, number>): string {
  const entries = Object.entries(record);
  return entries.length === 0 ? 'none' : entries.map(([k, v]) => `${k}: ${v}`).join(', ');
}

export function heading(title: string): string {
  return `\n${title}\n${'─'.repeat(Math.min(100, title.length))}`;
}

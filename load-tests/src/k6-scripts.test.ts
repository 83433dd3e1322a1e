import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * k6 is not installable here, so its scripts are checked the way k6 would first see them:
 * they parse, and they load (with the `k6/*` modules replaced by inert stand-ins) into
 * options whose scenarios name real executors and existing functions, and whose thresholds
 * are valid k6 expressions on metrics that exist.
 */
const k6Dir = fileURLToPath(new URL('../k6/', import.meta.url));
const files = readdirSync(k6Dir).filter((f) => f.endsWith('.js'));
const scripts = files.filter((f) => f !== 'lib.js');

const executors = new Set([
  'shared-iterations',
  'per-vu-iterations',
  'constant-vus',
  'ramping-vus',
  'constant-arrival-rate',
  'ramping-arrival-rate',
  'externally-controlled',
]);
const builtinMetrics = new Set([
  'checks',
  'data_received',
  'data_sent',
  'dropped_iterations',
  'http_req_blocked',
  'http_req_connecting',
  'http_req_duration',
  'http_req_failed',
  'http_req_receiving',
  'http_req_sending',
  'http_req_tls_handshaking',
  'http_req_waiting',
  'http_reqs',
  'iteration_duration',
  'iterations',
  'vus',
  'vus_max',
  'ws_connecting',
  'ws_msgs_received',
  'ws_msgs_sent',
  'ws_ping',
  'ws_session_duration',
  'ws_sessions',
]);
/** `p(99)<20`, `rate>0.999`, `count<1`, `avg<=100` … */
const thresholdExpression =
  /^(p\(\d+(\.\d+)?\)|avg|min|max|med|rate|count|value)\s*(<|<=|>|>=|==|===|!=)\s*\d+(\.\d+)?$/;

let copy: string;

/** The scripts copied with every `k6` / `k6/…` import pointed at a stand-in module. */
beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'k6-check-'));
  mkdirSync(path.join(copy, 'k6-stubs'));
  writeFileSync(path.join(copy, 'package.json'), '{"type":"module"}');
  const stubbed = new Map<string, Set<string>>();
  for (const file of files) {
    const source = readFileSync(path.join(k6Dir, file), 'utf8').replace(
      /import\s+([^;]*?)\s+from\s+'(k6(?:\/[\w/-]+)?)';/g,
      (_all, clause: string, specifier: string) => {
        const names = stubbed.get(specifier) ?? new Set<string>();
        stubbed.set(specifier, names);
        for (const m of clause.matchAll(/\{([^}]*)\}/g)) {
          for (const n of m[1]!.split(',')) if (n.trim()) names.add(n.trim());
        }
        const stub = `./k6-stubs/${specifier.replace(/\//g, '_')}.js`;
        return `import ${clause} from '${stub}';`;
      },
    );
    writeFileSync(path.join(copy, file), source);
  }
  const inert =
    'const inert = new Proxy(function () {}, { get: (_t, p) => (p === "then" ? undefined : inert), apply: () => inert, construct: () => inert });';
  for (const [specifier, names] of stubbed) {
    const exports = [...names].map((n) => `export const ${n} = inert;`).join('\n');
    writeFileSync(
      path.join(copy, 'k6-stubs', `${specifier.replace(/\//g, '_')}.js`),
      `${inert}\nexport default inert;\n${exports}\n`,
    );
  }
  Object.assign(globalThis, {
    __ENV: { LICENSES: 'SR-AAAAA-BBBBB-CCCCC-DDDDD-EEEEEE' },
    __VU: 0,
    open: () => '',
  });
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('k6 scripts', () => {
  it('exist for the webhook and EA scenarios', () => {
    expect(scripts).toEqual(
      expect.arrayContaining([
        'webhook-steady.js',
        'webhook-burst.js',
        'ea-connections.js',
        'ea-delivery.js',
        'ea-longpoll.js',
        'history.js',
      ]),
    );
  });

  it.each(files)('%s parses', (file) => {
    expect(() =>
      execFileSync(process.execPath, ['--check', path.join(k6Dir, file)], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it.each(scripts)('%s loads into valid scenarios and thresholds', async (file) => {
    const script = await import(pathToFileURL(path.join(copy, file)).href);
    const source = readFileSync(path.join(k6Dir, file), 'utf8');
    const { scenarios, thresholds } = script.options as {
      scenarios: Record<string, { executor: string; exec?: string }>;
      thresholds: Record<string, string[]>;
    };

    expect(Object.keys(scenarios).length).toBeGreaterThan(0);
    for (const scenario of Object.values(scenarios)) {
      expect(executors).toContain(scenario.executor);
      expect(typeof script[scenario.exec ?? 'default']).toBe('function');
    }

    expect(Object.keys(thresholds).length).toBeGreaterThan(0);
    const custom = new Set(
      [...source.matchAll(/new (?:Trend|Counter|Rate|Gauge)\('([\w]+)'/g)].map((m) => m[1]),
    );
    for (const [metric, rules] of Object.entries(thresholds)) {
      const name = metric.split('{')[0]!;
      expect(builtinMetrics.has(name) || custom.has(name), `${file}: unknown metric ${name}`).toBe(
        true,
      );
      expect(rules.length).toBeGreaterThan(0);
      for (const rule of rules) expect(rule).toMatch(thresholdExpression);
    }
  });
});

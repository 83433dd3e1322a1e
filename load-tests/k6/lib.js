// Settings and helpers shared by the k6 scripts. Settings come from `k6 run -e NAME=value`
// (see load-tests/README.md).
//
//   BASE_URL       the server's origin, e.g. https://relay.example.com (default localhost:3000)
//   LICENSES       license numbers of pro accounts on that server, comma-separated
//   LICENSES_FILE  or a file with one license per line (read in the init context)
import { check } from 'k6';
import http from 'k6/http';

export const baseUrl = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
export const webhookUrl = `${baseUrl}/api/webhook/handleWebhook`;
export const eaSocketUrl = `${baseUrl.replace(/^http/, 'ws')}/api/ea/ws`;
export const pollUrl = `${baseUrl}/api/ea/poll`;

const licenseText = __ENV.LICENSES_FILE ? open(__ENV.LICENSES_FILE) : __ENV.LICENSES || '';

/** The licenses to use; a run without any stops here rather than measuring 401s. */
export const licenses = licenseText
  .split(/[\s,]+/)
  .map((l) => l.trim())
  .filter((l) => l.length > 0);

export function requireLicenses() {
  if (licenses.length === 0) {
    throw new Error('Set LICENSES (comma-separated) or LICENSES_FILE: licenses of pro accounts.');
  }
}

/** A number from the environment, or `fallback`. */
export function envNumber(name, fallback) {
  const value = Number(__ENV[name]);
  return Number.isFinite(value) && __ENV[name] !== '' && __ENV[name] !== undefined
    ? value
    : fallback;
}

/** A TradingView alert as users write it; TradingView posts it as text/plain. */
export function alertBody(license, i) {
  return JSON.stringify({
    licenseNumber: license,
    symbol: 'EURUSD',
    position: i % 2 === 0 ? 'buy' : 'sell',
    lot: 0.01,
  });
}

export const alertParams = {
  headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  tags: { name: 'webhook' },
};

/** The identity of EA number `index` (from 0): license `index` and an account of its own. */
export function terminalOf(index, platform) {
  return {
    licenseNumber: licenses[index % licenses.length],
    platform,
    account: String(5000000 + index),
    broker: 'k6-Demo',
  };
}

/** A k6 duration such as `30s` or `2m`, in seconds. */
export const seconds = (duration) =>
  Number(duration.replace(/[a-z]+$/, '')) * (duration.endsWith('m') ? 60 : 1);

/**
 * The alert side of an EA script (`scenario`, `setup` and the `alert` it runs): once the EAs
 * have had `connectS` seconds to connect, RATE alerts a second for DURATION, each to one of the
 * first `eas` licenses, those with an EA listening. `endS`: when the last alert is sent.
 */
export function eaAlerts(eas, defaultRate, connectS) {
  const rate = envNumber('RATE', defaultRate);
  const duration = __ENV.DURATION || '30s';
  let sent = 0; // per virtual user
  return {
    endS: connectS + seconds(duration),
    scenario: {
      executor: 'constant-arrival-rate',
      rate,
      timeUnit: '1s',
      duration,
      startTime: `${connectS}s`,
      preAllocatedVUs: Math.max(10, Math.ceil(rate / 10)),
      maxVUs: Math.max(100, rate),
      exec: 'alert',
    },
    setup() {
      requireLicenses();
      if (licenses.length < eas) {
        throw new Error(
          `Give at least EAS (${eas}) licenses: each alert goes to one license's EA.`,
        );
      }
    },
    alert() {
      const license = licenses[(__VU * 7919 + sent++) % eas];
      const res = http.post(webhookUrl, alertBody(license, sent), alertParams);
      check(res, { 'accepted (200)': (r) => r.status === 200 });
    },
  };
}

// MT4-style EAs: EAS virtual users each poll POST /api/ea/poll in a loop (the server holds a
// poll until a signal arrives), carrying the ids they received and their results on the next
// poll, while a second scenario posts alerts at RATE a second. Delivery is measured from the
// server's receipt to the poll reply, on the server's clock (the reply's serverTime).
//
//   k6 run -e BASE_URL=… -e LICENSES_FILE=licenses.txt -e EAS=1000 -e RATE=200 \
//     -e DURATION=30s load-tests/k6/ea-longpoll.js
import { check } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import { eaAlerts, envNumber, pollUrl, terminalOf } from './lib.js';

const delivery = new Trend('signal_delivery_ms', true);
const received = new Counter('signals_received');

const eas = envNumber('EAS', 1000);
const alerts = eaAlerts(eas, 200, 10);

export const options = {
  scenarios: {
    pollers: {
      executor: 'constant-vus',
      vus: eas,
      duration: `${alerts.endS + 10}s`,
      exec: 'poller',
      gracefulStop: '30s',
    },
    alerts: alerts.scenario,
  },
  thresholds: {
    signal_delivery_ms: ['p(50)<5', 'p(99)<50'],
    'http_req_duration{scenario:alerts}': ['p(99)<20'],
    'http_req_failed{scenario:pollers}': ['rate<0.001'],
    signals_received: ['count>0'],
    checks: ['rate>0.999'],
  },
};

export const setup = alerts.setup;

// Per virtual user: what the next poll reports.
let pendingReceived = [];
let pendingResults = [];

export function poller() {
  const body = {
    v: 1,
    // Pollers are the first EAS virtual users k6 starts: EA number = VU id − 1.
    ...terminalOf((exec.vu.idInTest - 1) % eas, 'mt4'),
    eaVersion: 'k6',
    received: pendingReceived,
    results: pendingResults,
  };
  const res = http.post(pollUrl, JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json' },
    timeout: '30s',
    tags: { name: 'poll' },
  });
  if (!check(res, { 'poll answered (200)': (r) => r.status === 200 })) return;
  pendingReceived = [];
  pendingResults = [];
  const reply = res.json();
  for (const signal of reply.signals) {
    // serverTime is when the reply left the server; add the transfer time k6 measured.
    delivery.add(reply.serverTime - signal.receivedAt + res.timings.receiving);
    received.add(1);
    pendingReceived.push(signal.id);
    pendingResults.push({
      id: signal.id,
      status: 'success',
      ticket: '1',
      retcode: 0,
      executedAt: Date.now(),
    });
  }
}

export const alert = alerts.alert;

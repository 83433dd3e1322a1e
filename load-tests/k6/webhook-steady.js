// Webhook at a fixed arrival rate (open model: k6 starts RATE alerts a second whatever the
// replies do). Spread the load over enough licenses that no account reaches its daily quota
// (pro: 500 a day): LICENSES should hold at least RATE × DURATION / 500 of them.
//
//   k6 run -e BASE_URL=https://relay.example.com -e LICENSES_FILE=licenses.txt \
//     -e RATE=500 -e DURATION=30s load-tests/k6/webhook-steady.js
import { check } from 'k6';
import http from 'k6/http';
import { alertBody, alertParams, envNumber, licenses, requireLicenses, webhookUrl } from './lib.js';

const rate = envNumber('RATE', 500);

export const options = {
  scenarios: {
    alerts: {
      executor: 'constant-arrival-rate',
      rate,
      timeUnit: '1s',
      duration: __ENV.DURATION || '30s',
      preAllocatedVUs: Math.max(10, Math.ceil(rate / 10)),
      maxVUs: Math.max(100, rate),
    },
  },
  thresholds: {
    'http_req_duration{name:webhook}': ['p(50)<10', 'p(99)<20'],
    http_req_failed: ['rate<0.001'],
    checks: ['rate>0.999'],
    dropped_iterations: ['count<1'],
  },
};

export function setup() {
  requireLicenses();
}

let sent = 0;

export default function () {
  const license = licenses[(__VU * 7919 + sent++) % licenses.length];
  const res = http.post(webhookUrl, alertBody(license, sent), alertParams);
  check(res, {
    'accepted (200)': (r) => r.status === 200,
    'has a signal id': (r) => r.status === 200 && typeof r.json('signalId') === 'string',
  });
}

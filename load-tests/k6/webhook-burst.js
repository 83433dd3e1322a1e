// COUNT alerts as fast as VUS connections allow. Past an account's daily quota the server must
// still store the alert (as quota_blocked) and answer 429; anything else is a failure.
//
//   k6 run -e BASE_URL=… -e LICENSES=SR-…,SR-… -e COUNT=10000 -e VUS=64 \
//     load-tests/k6/webhook-burst.js
import { check } from 'k6';
import http from 'k6/http';
import { Counter } from 'k6/metrics';
import { alertBody, alertParams, envNumber, licenses, requireLicenses, webhookUrl } from './lib.js';

const accepted = new Counter('alerts_accepted');
const blocked = new Counter('alerts_quota_blocked');

export const options = {
  scenarios: {
    burst: {
      executor: 'shared-iterations',
      vus: envNumber('VUS', 64),
      iterations: envNumber('COUNT', 10000),
      maxDuration: '5m',
    },
  },
  thresholds: {
    'http_req_duration{name:webhook}': ['p(99)<200'],
    checks: ['rate==1'],
    alerts_accepted: ['count>0'],
  },
};

export function setup() {
  requireLicenses();
}

let i = 0;

export default function () {
  const license = licenses[(__VU + i++) % licenses.length];
  const res = http.post(webhookUrl, alertBody(license, i), {
    ...alertParams,
    // 429 is an expected answer here, not a failed request.
    responseCallback: http.expectedStatuses(200, 429),
  });
  if (res.status === 200) accepted.add(1);
  if (res.status === 429) blocked.add(1);
  check(res, {
    'accepted or stored as blocked': (r) =>
      r.status === 200 || (r.status === 429 && typeof r.json('signalId') === 'string'),
  });
}

// The dashboard's history pages for one signed-in user: Signal History and Order History with
// filters, sorting and deep pages. Best against an account with ~100,000 signals and orders
// (`npm run bench -- --scenario history` seeds and times the same queries locally).
//
//   k6 run -e BASE_URL=… -e EMAIL=… -e PASSWORD=… -e LICENSE=SR-… -e VUS=8 -e DURATION=30s \
//     load-tests/k6/history.js
import { check } from 'k6';
import http from 'k6/http';
import { baseUrl, envNumber } from './lib.js';

export const options = {
  scenarios: {
    dashboard: {
      executor: 'constant-vus',
      vus: envNumber('VUS', 8),
      duration: __ENV.DURATION || '30s',
    },
  },
  thresholds: {
    'http_req_duration{name:signalHistory}': ['p(95)<300'],
    'http_req_duration{name:orderHistory}': ['p(95)<300'],
    'http_req_duration{name:stats}': ['p(95)<500'],
    checks: ['rate>0.999'],
  },
};

/** Signs in once; every virtual user reuses the session cookie. */
export function setup() {
  if (!__ENV.EMAIL || !__ENV.PASSWORD || !__ENV.LICENSE) {
    throw new Error('Set EMAIL, PASSWORD and LICENSE of the account to read.');
  }
  const res = http.post(
    `${baseUrl}/api/auth/login`,
    JSON.stringify({ email: __ENV.EMAIL, password: __ENV.PASSWORD }),
    { headers: { 'Content-Type': 'application/json', Origin: baseUrl } },
  );
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  const jar = http.cookieJar().cookiesForURL(baseUrl);
  const name = jar['__Host-sid'] ? '__Host-sid' : 'sid';
  return { cookie: `${name}=${jar[name][0]}` };
}

const l = encodeURIComponent(__ENV.LICENSE || '');
const pages = [
  ['signalHistory', `/api/webhook/signalHistory?licenseNumber=${l}`],
  ['signalHistory', `/api/webhook/signalHistory?licenseNumber=${l}&page=500`],
  ['signalHistory', `/api/webhook/signalHistory?licenseNumber=${l}&status=success`],
  ['signalHistory', `/api/webhook/signalHistory?licenseNumber=${l}&status=error&period=30d`],
  ['signalHistory', `/api/webhook/signalHistory?licenseNumber=${l}&platform=mt4&sort=asc`],
  ['stats', `/api/webhook/signalStats?licenseNumber=${l}&days=90`],
  ['orderHistory', `/api/orders/history?licenseNumber=${l}`],
  ['orderHistory', `/api/orders/history?licenseNumber=${l}&page=500`],
  ['orderHistory', `/api/orders/history?licenseNumber=${l}&sortBy=profit&sortOrder=asc`],
  ['orderHistory', `/api/orders/history?licenseNumber=${l}&status=closed&orderType=buy&period=30d`],
  ['stats', `/api/orders/statistics?licenseNumber=${l}`],
];

let i = 0;

export default function (data) {
  const [name, path] = pages[(__VU + i++) % pages.length];
  const res = http.get(`${baseUrl}${path}`, { headers: { Cookie: data.cookie }, tags: { name } });
  check(res, { 'read (200)': (r) => r.status === 200 });
}

// Idle EA WebSockets, as MT5 EAs hold them: hello, welcome, a ping every heartbeatMs. Ramps to
// TARGET connections over RAMP, holds them for HOLD. One k6 process needs a file descriptor per
// socket: raise `ulimit -n` above TARGET, and split beyond ~25,000 across load machines.
//
//   k6 run -e BASE_URL=… -e LICENSES_FILE=licenses.txt -e TARGET=10000 -e RAMP=2m -e HOLD=2m \
//     load-tests/k6/ea-connections.js
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import ws from 'k6/ws';
import { eaSocketUrl, envNumber, requireLicenses, seconds, terminalOf } from './lib.js';

const welcomeTime = new Trend('ea_welcome_ms', true);
const pongTime = new Trend('ea_pong_rtt_ms', true);
const serverErrors = new Counter('ea_server_errors');
const dropped = new Counter('ea_dropped_connections');

const target = envNumber('TARGET', 10000);
const ramp = __ENV.RAMP || '2m';
const hold = __ENV.HOLD || '2m';

export const options = {
  scenarios: {
    connections: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: ramp, target },
        { duration: hold, target },
      ],
      gracefulRampDown: '5s',
    },
  },
  thresholds: {
    ws_connecting: ['p(95)<1000'],
    ea_welcome_ms: ['p(95)<500'],
    ea_pong_rtt_ms: ['p(99)<200'],
    ea_server_errors: ['count<1'],
    ea_dropped_connections: ['count<1'],
    checks: ['rate>0.99'],
  },
};

export function setup() {
  requireLicenses();
}

export default function () {
  const keepMs = (seconds(ramp) + seconds(hold)) * 1000;
  let welcomed = false;
  let closing = false;
  const res = ws.connect(eaSocketUrl, {}, (socket) => {
    let helloAt = 0;
    socket.on('open', () => {
      helloAt = Date.now();
      socket.send(
        JSON.stringify({ type: 'hello', v: 1, ...terminalOf(__VU - 1, 'mt5'), eaVersion: 'k6' }),
      );
    });
    socket.on('message', (text) => {
      const frame = JSON.parse(text);
      if (frame.type === 'welcome') {
        welcomed = true;
        welcomeTime.add(Date.now() - helloAt);
        socket.setInterval(() => {
          socket.send(JSON.stringify({ type: 'ping', t: Date.now() }));
        }, frame.heartbeatMs);
      } else if (frame.type === 'pong') {
        pongTime.add(Date.now() - frame.t);
      } else if (frame.type === 'error') {
        serverErrors.add(1, { code: frame.code });
      }
    });
    socket.on('close', () => {
      if (!closing) dropped.add(1);
    });
    socket.setTimeout(() => {
      closing = true;
      socket.close();
    }, keepMs);
  });
  check(res, { 'upgraded (101)': (r) => r && r.status === 101 });
  check(welcomed, { welcomed: (w) => w === true });
}

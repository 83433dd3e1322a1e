// Alerts in, trades out: EAS WebSocket EAs (one terminal per virtual user) receive the alerts
// that a second scenario posts at RATE a second, acknowledge and answer each like the
// reference EA. Delivery is measured from the server's receipt (`receivedAt`) to the frame's
// arrival, corrected by the clock offset the welcome's serverTime gives: run k6 close to the
// server, or on a host whose clock is NTP-synced with it.
//
//   k6 run -e BASE_URL=… -e LICENSES_FILE=licenses.txt -e EAS=1000 -e RATE=500 \
//     -e DURATION=30s load-tests/k6/ea-delivery.js
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import ws from 'k6/ws';
import { eaAlerts, eaSocketUrl, envNumber, terminalOf } from './lib.js';

const delivery = new Trend('signal_delivery_ms', true);
const received = new Counter('signals_received');
const duplicates = new Counter('signals_duplicated');

const eas = envNumber('EAS', 1000);
const connectS = Math.max(10, Math.ceil(eas / 200));
const alerts = eaAlerts(eas, 500, connectS);

export const options = {
  scenarios: {
    eas: {
      executor: 'per-vu-iterations',
      vus: eas,
      iterations: 1,
      maxDuration: `${alerts.endS + 30}s`,
      exec: 'ea',
    },
    alerts: alerts.scenario,
  },
  thresholds: {
    signal_delivery_ms: ['p(50)<3', 'p(99)<20'],
    'http_req_duration{scenario:alerts}': ['p(99)<20'],
    signals_received: ['count>0'],
    signals_duplicated: ['count<1'],
    checks: ['rate>0.999'],
  },
};

export const setup = alerts.setup;

export function ea() {
  // One iteration per virtual user: the iteration number is this EA's number.
  const index = exec.scenario.iterationInTest;
  const seen = {};
  ws.connect(eaSocketUrl, {}, (socket) => {
    let helloAt = 0;
    let offset = 0; // server clock − our clock
    socket.on('open', () => {
      helloAt = Date.now();
      socket.send(
        JSON.stringify({ type: 'hello', v: 1, ...terminalOf(index, 'mt5'), eaVersion: 'k6' }),
      );
    });
    socket.on('message', (text) => {
      const now = Date.now();
      const frame = JSON.parse(text);
      if (frame.type === 'welcome') {
        offset = frame.serverTime - (helloAt + now) / 2;
        socket.setInterval(
          () => socket.send(JSON.stringify({ type: 'ping', t: Date.now() })),
          frame.heartbeatMs,
        );
      } else if (frame.type === 'signal') {
        const signal = frame.signal;
        socket.send(JSON.stringify({ type: 'received', id: signal.id }));
        if (seen[signal.id]) {
          duplicates.add(1);
          return;
        }
        seen[signal.id] = true;
        received.add(1);
        delivery.add(now + offset - signal.receivedAt);
        socket.send(
          JSON.stringify({
            type: 'result',
            id: signal.id,
            status: 'success',
            ticket: '1',
            retcode: 10009,
            executedAt: Date.now(),
          }),
        );
      }
    });
    socket.setTimeout(() => socket.close(), (alerts.endS + 15) * 1000);
  });
}

export const alert = alerts.alert;

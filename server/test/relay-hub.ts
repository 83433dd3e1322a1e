import { createRelayHub } from '../src/core/relay-hub.ts';
import { createMemoryBus } from '../src/ports/bus-memory.ts';

/** A relay hub on the in-process bus (its own, unless given), failing the test on a bus error. */
export function testRelayHub(bus = createMemoryBus(), instanceId = 'a') {
  return createRelayHub({
    bus,
    instanceId,
    now: Date.now,
    onBusError: (err) => {
      throw err;
    },
  });
}

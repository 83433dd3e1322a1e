/**
 * The server internals that other workspaces' integration tests use (client browser tests,
 * the bridge's end-to-end tests, the MQL harness): the tables they seed, the quota key and day
 * they fake, where the EA sources live, the app builder. One door through the server's test
 * harness, so the layer check (.dependency-cruiser.cjs) can tell a test's seeding from code
 * that reaches into another workspace's src.
 */
export { buildApp } from '../src/app.ts';
export { orders } from '../src/db/schema/orders.ts';
export { signals } from '../src/db/schema/signals.ts';
export { users } from '../src/db/schema/users.ts';
export { quotaKey } from '../src/features/signals/signals-intake.ts';
export { eaSourceDir } from '../src/paths.ts';

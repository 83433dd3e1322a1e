import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp, type TestApp, type TestAppOptions } from '../../server/test/app.ts';

/** The built client the server serves; root `npm test` runs `vite build` before vitest. */
export const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export type RunningServer = {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  testApp: TestApp;
  close(): Promise<void>;
};

/**
 * The real server (every feature, its own fresh Postgres database, in-process adapters unless
 * `redis: true`) listening on a random port (or on `PORT`, for tests that need PUBLIC_URL to
 * be the real address, such as Stripe's return URLs) and serving client/dist. Builds nothing
 * itself.
 */
export async function startServer(options: TestAppOptions = {}): Promise<RunningServer> {
  if (!existsSync(path.join(clientDist, 'index.html'))) {
    throw new Error(
      `client build not found in ${clientDist}: run \`npm run build -w client\` (root \`npm test\` does)`,
    );
  }
  const testApp = await createTestApp({ CLIENT_DIST: clientDist, ...options });
  const url = await testApp.app.listen({ port: options.PORT ?? 0, host: '127.0.0.1' });
  return {
    url: url.replace(/\/$/, ''),
    testApp,
    close: () => testApp.close(),
  };
}

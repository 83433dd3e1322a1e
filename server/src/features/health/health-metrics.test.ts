import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

async function app(options: Record<string, string> = {}) {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

const scrape = (t: TestApp, remoteAddress: string, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress,
    headers: authorization ? { authorization } : {},
  });

describe('/metrics is not public', () => {
  it('without METRICS_TOKEN, answers the server host only', async () => {
    const t = await app();
    const local = await scrape(t, '127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('# TYPE');
    const remote = await scrape(t, '203.0.113.7');
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toContain('set METRICS_TOKEN');
  });

  it('with METRICS_TOKEN, wants that bearer token from anywhere, the host included', async () => {
    const t = await app({ METRICS_TOKEN: 'scrape-secret-123' });
    expect((await scrape(t, '203.0.113.7', 'Bearer scrape-secret-123')).statusCode).toBe(200);
    for (const wrong of [
      undefined,
      'Bearer nope',
      'scrape-secret-123',
      'Bearer scrape-secret-1234',
    ])
      expect((await scrape(t, '127.0.0.1', wrong)).statusCode).toBe(401);
    // Health checks stay public for load balancers.
    expect((await t.app.inject({ url: '/healthz', remoteAddress: '203.0.113.7' })).statusCode).toBe(
      200,
    );
  });
});

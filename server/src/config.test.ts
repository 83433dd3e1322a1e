import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the embedded defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', SIGNAL_TTL_MS: 30_000 });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.REDIS_PREFIX).toBe('signalrelay:');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('lists every bad variable, one line each', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db',
        SIGNAL_TTL_MS: '5',
        REDIS_PREFIX: 'my app',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: must be a port number (0-65535)',
        'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
        'SIGNAL_TTL_MS: must be at least 1000 (1 s)',
        'REDIS_PREFIX: must be letters, digits and : _ . - { } only',
      ]),
    );
  });

  it('needs the whole Stripe set once a Stripe key is given', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_SECRET_KEY: STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET/,
    );
  });
});

describe('server start-up', () => {
  const main = fileURLToPath(new URL('./main.ts', import.meta.url));
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });

  it('stops with one clear line per bad variable and a non-zero exit', () => {
    const run = start({ PORT: 'x', REDIS_URL: 'http://nope' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT: must be a port number (0-65535)');
    expect(run.stderr).toContain('REDIS_URL: must be a URL starting with redis:// or rediss://');
  });

  it('names an unreachable database and exits 1', () => {
    const run = start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /cannot reach or migrate the database at DATABASE_URL \(.*ECONNREFUSED/,
    );
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { registerErrorHandler } from './error-handler.ts';

function appThrowing(err: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/', async () => {
    throw err;
  });
  return app;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('error handler', () => {
  it('keeps a catalogue error with its status and message', async () => {
    const res = await appThrowing(new AppError('LICENSE_INVALID')).inject('/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'LICENSE_INVALID',
      message: 'Invalid license number.',
    });
  });

  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'a driver error wrapped by the ORM',
      new Error('Failed query', { cause: withCode('terminating connection', '57P01') }),
    ],
    ['a pool time-out', new Error('timeout exceeded when trying to connect')],
    ['Redis away', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
  ])('answers 503 UNAVAILABLE for %s', async (_name, err) => {
    const res = await appThrowing(err).inject('/');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('UNAVAILABLE');
  });

  it('hides the text of anything else behind 500 INTERNAL', async () => {
    const res = await appThrowing(new Error('secret internals: column x of relation y')).inject(
      '/',
    );
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json().code).toBe('INTERNAL');
  });
});

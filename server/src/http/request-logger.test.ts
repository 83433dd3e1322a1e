import Fastify, { LogController } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createCaptureLogger } from '../../test/capture-logger.ts';
import { lazyRequestLogger } from './request-logger.ts';

describe('request logger', () => {
  it('makes no pino child for a request that logs nothing, and a redacted one with its id for one that does', async () => {
    const capture = createCaptureLogger('info');
    // As app.ts: no "incoming request" / "request completed" lines.
    const app = Fastify({
      loggerInstance: capture.logger,
      logController: new LogController({ disableRequestLogging: true }),
      childLoggerFactory: lazyRequestLogger,
    });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/loud', async (request) => {
      request.log.info({ licenseNumber: 'SR-SECRET-1' }, 'looked at a license');
      request.log.debug('below the level');
      return { ok: true };
    });
    await app.ready();
    // Counted from here: Fastify makes children of its own while it starts.
    const makeChild = vi.spyOn(capture.logger, 'child');
    try {
      expect((await app.inject('/quiet')).statusCode).toBe(200);
      expect(makeChild).not.toHaveBeenCalled();
      expect((await app.inject('/loud')).statusCode).toBe(200);
      expect(makeChild).toHaveBeenCalledTimes(1);
      const line = capture.lines.find((l) => l.msg === 'looked at a license');
      expect(line).toMatchObject({ reqId: expect.any(String), licenseNumber: '[redacted]' });
      expect(capture.lines.some((l) => l.msg === 'below the level')).toBe(false);
    } finally {
      await app.close();
    }
  });

  it("answers its parent's level until made, and its children keep the request's bindings", () => {
    const capture = createCaptureLogger('warn');
    const log = lazyRequestLogger(capture.logger, { reqId: 'req-7' }, {});
    expect(log.level).toBe('warn');
    log.child({ step: 'quota' }).warn('slow');
    expect(capture.lines.at(-1)).toMatchObject({ reqId: 'req-7', step: 'quota', msg: 'slow' });
    log.level = 'error';
    log.warn('now below the level');
    expect(capture.lines.at(-1)?.msg).toBe('slow');
  });
});

import { eaFrameSchema } from '@signalrelay/contracts/ea-protocol';
import { describe, expect, it } from 'vitest';
import { parseEaFrame } from './relay-ws-frames.ts';

describe('parseEaFrame', () => {
  it('gives what the protocol schema gives, heartbeats, acknowledgements and results included (they skip zod)', () => {
    const texts = [
      '{"type":"ping","t":1}',
      '{"type":"ping","t":1.5}',
      '{"type":"ping","t":-3}',
      '{"type":"ping"}',
      '{"type":"ping","t":"1"}',
      '{"type":"ping","t":null}',
      '{"type":"ping","t":1,"extra":true}',
      '{"t":1,"type":"ping"}',
      '{"type":"received","id":"abc"}',
      '{"type":"received","id":""}',
      '{"type":"received","id":7}',
      '{"type":"received"}',
      '{"type":"received","id":"abc","t":1}',
      '{"id":"abc","type":"received"}',
      '{"type":"received","t":1}',
      '{"type":"ping","id":"abc"}',
      '{"type":"result","id":"abc","status":"success","ticket":"123","price":1.1,"volume":0.01,"executedAt":1764000000000}',
      '{"id":"abc","status":"error","message":"No money","retcode":10019,"rule":"maxLot","type":"result","extra":1}',
      '{"type":"result","id":"abc","status":"skipped","ticket":""}',
      '{"type":"result","id":"abc","status":"done"}',
      '{"type":"result","id":"abc","status":"success","price":-1}',
      '{"type":"result","status":"success"}',
      '{"type":"nope"}',
      '[]',
      'null',
      '1',
    ];
    for (const text of texts) {
      const parsed = parseEaFrame(text);
      const expected = eaFrameSchema.safeParse(JSON.parse(text));
      if (expected.success) expect(parsed, text).toEqual({ frame: expected.data });
      else expect(parsed.error, text).toEqual(expect.any(String));
    }
  });

  it('names what is wrong with a result', () => {
    expect(
      parseEaFrame('{"type":"result","id":"abc","status":"success","price":-1}').error,
    ).toMatch(/^price: /);
    expect(parseEaFrame('{"type":"result","id":"abc","status":"done"}').error).toMatch(/^status: /);
  });

  it('refuses what is not JSON text', () => {
    expect(parseEaFrame('{oops')).toEqual({ error: 'Frames must be JSON text.' });
    expect(parseEaFrame(null)).toEqual({ error: 'Frames must be JSON text.' });
  });
});

import { readPlainResultFrame } from '@signalrelay/contracts/ea-plain-readers';
import { type EaFrame, eaFrameSchema } from '@signalrelay/contracts/ea-protocol';

/** A frame as received: what it says, or why it is refused. */
type Parsed = { frame: EaFrame; error?: never } | { frame?: never; error: string };

/**
 * An EA's frame, checked against the protocol. The frames of every signal and heartbeat skip
 * zod where they can: a heartbeat (one per EA every 2 s, most of the frames there are) or an
 * acknowledgement that is exactly `{"type":"ping","t":<number>}` or
 * `{"type":"received","id":"<id>"}`, which is what the schema would give back for them, and a
 * result its plain reader takes (contracts' ea-plain-readers.ts). zod reads the rest, and
 * names what is wrong.
 */
export function parseEaFrame(text: string | null): Parsed {
  let json: unknown;
  try {
    json = text === null ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const plain = isPlainFrame(json) ? json : readPlainResultFrame(json);
  if (plain) return { frame: plain };
  const parsed = eaFrameSchema.safeParse(json);
  if (parsed.success) return { frame: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { error: json === undefined ? 'Frames must be JSON text.' : `${where}${issue?.message}` };
}

function isPlainFrame(json: unknown): json is Extract<EaFrame, { type: 'ping' | 'received' }> {
  if (typeof json !== 'object' || json === null) return false;
  const frame = json as Record<string, unknown>;
  const plain =
    frame.type === 'ping'
      ? typeof frame.t === 'number'
      : frame.type === 'received' && typeof frame.id === 'string' && frame.id !== '';
  if (!plain) return false;
  let keys = 0;
  for (const _ in frame) keys++;
  return keys === 2;
}

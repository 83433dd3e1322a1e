import { type EaFrame, eaFrameSchema } from '@signalrelay/contracts/ea-protocol';

/** A frame as received: what it says, or why it is refused. */
type Parsed = { frame: EaFrame; error?: never } | { frame?: never; error: string };

/**
 * An EA's frame, checked against the protocol. Heartbeats (one per EA every 2 s, most of the
 * frames there are) and acknowledgements (one per signal) take a shortcut where they are
 * exactly `{"type":"ping","t":<number>}` or `{"type":"received","id":"<id>"}`, which is what
 * the schema would give back for them.
 */
export function parseEaFrame(text: string | null): Parsed {
  let json: unknown;
  try {
    json = text === null ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (isPlainFrame(json)) return { frame: json };
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

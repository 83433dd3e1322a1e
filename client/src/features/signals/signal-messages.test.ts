import { describe, expect, it } from 'vitest';
import { signalNotice } from './signal-messages.ts';
import type { SignalView } from './signals-api.ts';

const base = {
  id: '0193',
  displayStatus: 'success',
  errorMessage: null,
  deliveredAt: null,
  rawBody: null,
  rule: null,
} as unknown as SignalView;
const signal = (fields: Partial<SignalView>) => ({ ...base, ...fields }) as SignalView;

describe('signal notices (spec section 8)', () => {
  it('explains a quota block by plan: the free plan has no transfer, paid plans a limit', () => {
    expect(signalNotice(signal({ displayStatus: 'quota_blocked' }), 0)).toEqual({
      tone: 'warning',
      title: 'Signal Blocked by Quota',
      text: 'Free plan does not support signal transfer. Upgrade to Basic or Pro plan.',
    });
    expect(signalNotice(signal({ displayStatus: 'quota_blocked' }), 100)?.text).toBe(
      'Daily signal quota (100) exceeded. Signal was not transferred to terminal.',
    );
  });

  it('marks processed tests, and a failure without an error as not transferred', () => {
    expect(signalNotice(signal({ displayStatus: 'test_success' }), 500)?.title).toBe(
      'Test Signal Processed',
    );
    expect(signalNotice(signal({ displayStatus: 'failed' }), 500)?.title).toBe(
      'Signal Not Transferred',
    );
    // With the broker's or server's reason, the Error Details box says it instead.
    expect(signalNotice(signal({ displayStatus: 'failed', errorMessage: 'x' }), 500)).toBeNull();
    expect(signalNotice(signal({ displayStatus: 'success' }), 500)).toBeNull();
    expect(signalNotice(signal({ displayStatus: 'error', errorMessage: 'x' }), 500)).toBeNull();
  });

  it('explains an alert the server could not read', () => {
    const refused = signal({ displayStatus: 'error', errorMessage: 'x', rawBody: '{"a":,}' });
    expect(signalNotice(refused, 500)).toMatchObject({ tone: 'danger', title: 'Alert Refused' });
  });
});

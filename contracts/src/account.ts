/**
 * `GET /api/account/setup`: the dashboard's setup checklist (issue 20): each step is read from what really happened, so
 * it ticks itself on every device. Once all four were done the user's row says so for good:
 * the checklist must not come back when old signals are deleted or a terminal is removed.
 */
export type SetupProgress = {
  /** The owner pressed Copy beside their license number. */
  licenseCopied: boolean;
  /** A terminal with our EA has connected with this license at least once. */
  eaConnected: boolean;
  /** A test signal reached an EA, which processed it (it answers `skipped`: stored as success). */
  testSignalReceived: boolean;
  /** An alert that is not a test was accepted from the webhook (refused alerts do not count). */
  liveAlertReceived: boolean;
  done: boolean;
};

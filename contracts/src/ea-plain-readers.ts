/**
 * The EA messages every signal brings, read without zod: its result (a WebSocket frame, an
 * item of a long-poll's `results`, a `/result` body) and the long-poll that carries it. Each
 * reader gives what its schema gives for a message the schema accepts, and null for anything
 * it leaves to the schema (all it refuses, and the rare parts not worth a reader, such as a
 * poll's `health`): zod then runs and names the problem. Why: as for the alert
 * (`readPlainAlert`), zod costs a busy server tens of µs per message more than these checks.
 * `ea-plain-readers.test.ts` holds each reader to its schema on generated messages.
 */

import type { z } from 'zod';
import { declined } from './alert-fields.ts';
import {
  instanceIdPattern,
  maxPollItems,
  maxPollWaitMs,
  type pollRequestSchema,
  type ResultRequest,
} from './ea-protocol.ts';
import {
  digitsPattern,
  int4Range,
  maxMoney,
  maxTimeMs,
  platforms,
  protocolVersions,
} from './ea-protocol-values.ts';
import { maxResultVolume, resultRules, resultStatuses, type SignalResult } from './ea-signal.ts';

/** A value as its schema gives it back, or `declined`. */
type Read = (value: unknown) => unknown;

const text =
  (min: number, max: number): Read =>
  (v) =>
    typeof v === 'string' && v.length >= min && v.length <= max ? v : declined;
const matching =
  (pattern: RegExp): Read =>
  (v) =>
    typeof v === 'string' && pattern.test(v) ? v : declined;
const oneOf =
  (values: readonly unknown[]): Read =>
  (v) =>
    values.includes(v) ? v : declined;
/** A number within [min, max] (NaN fails both comparisons); `whole`: an integer too. */
const number =
  (min: number, max: number, whole = false): Read =>
  (v) =>
    typeof v === 'number' && v >= min && v <= max && (!whole || Number.isInteger(v)) ? v : declined;
const list =
  (max: number, item: Read): Read =>
  (v) => {
    if (!Array.isArray(v) || v.length > max) return declined;
    const items = v.map(item);
    return items.includes(declined) ? declined : items;
  };

/** What a field is when its key is absent: refused, left out, or a default. */
const required = Symbol('required');
const optional = Symbol('optional');
type Field = readonly [
  key: string,
  read: Read,
  absent: typeof required | typeof optional | (() => unknown),
];

/** An object of `fields` (in its schema's order, as zod writes them); other keys are dropped. */
function objectOf<T>(fields: readonly Field[]): (value: unknown) => T | null {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const input = value as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (const [key, read, absent] of fields) {
      const v = input[key];
      if (v === undefined) {
        if (absent === required) return null;
        if (absent !== optional) output[key] = absent();
        // As zod: a key given as undefined stays.
        else if (key in input) output[key] = undefined;
        continue;
      }
      const given = read(v);
      if (given === declined) return null;
      output[key] = given;
    }
    return output as T;
  };
}

const signalId = text(1, 64);
const digits = matching(digitsPattern);

/** `resultSchema`'s fields. */
const resultFields: readonly Field[] = [
  ['id', signalId, required],
  ['status', oneOf(resultStatuses), required],
  ['ticket', (v) => (v === '' ? v : digits(v)), optional],
  ['price', number(0, maxMoney), optional],
  ['message', text(0, 1000), optional],
  ['retcode', number(int4Range.min, int4Range.max, true), optional],
  ['executedAt', number(0, maxTimeMs, true), optional],
  ['volume', number(0, maxResultVolume), optional],
  ['rule', oneOf(resultRules), optional],
];

/** `terminalIdentitySchema`'s fields. */
const identityFields: readonly Field[] = [
  ['licenseNumber', text(1, 128), required],
  ['platform', oneOf(platforms), required],
  ['account', digits, required],
  ['broker', text(0, 128), required],
];

/** A result as `resultSchema` reads it, or null. */
export const readPlainResult = objectOf<SignalResult>(resultFields);

/** A `/result` body as `resultRequestSchema` reads it, or null. */
export const readPlainResultRequest = objectOf<ResultRequest>([...resultFields, ...identityFields]);

/** A result frame as `resultFrameSchema` reads it, or null. */
export const readPlainResultFrame = objectOf<SignalResult & { type: 'result' }>([
  ...resultFields,
  ['type', oneOf(['result']), required],
]);

/** `received` and `results` default to none. */
const none = () => [];

/** A long-poll as `pollRequestSchema` reads it, or null; one that reports `health`: null. */
export const readPlainPoll = objectOf<z.output<typeof pollRequestSchema>>([
  ...identityFields,
  ['v', oneOf(protocolVersions), required],
  ['eaVersion', text(0, 32), optional],
  ['terminalBuild', number(0, int4Range.max, true), optional],
  ['instanceId', matching(instanceIdPattern), optional],
  ['chart', text(0, 64), optional],
  // Sent only when the terminal's health changed: left to the schema.
  ['health', () => declined, optional],
  ['received', list(maxPollItems, signalId), none],
  ['results', list(maxPollItems, (v) => readPlainResult(v) ?? declined), none],
  ['waitMs', number(0, maxPollWaitMs, true), optional],
  ['rulesId', text(0, 64), optional],
]);

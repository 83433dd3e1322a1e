import type { TerminalsReply } from '@signalrelay/contracts/terminals';
import { apiQuery } from '../../lib/query.ts';

/**
 * The signed-in user's terminals (GET /api/terminals): the terminals panel lists them, and the
 * Signal Test asks which platforms have an EA connected. The live channel refetches them when a
 * terminal's health or refusals changed, when an EA connects or drops, when a signal waits
 * for an EA, and after a reconnect (`stores/live-queries.ts`).
 */
export const terminalsQuery = apiQuery<TerminalsReply>(['terminals'], '/api/terminals');

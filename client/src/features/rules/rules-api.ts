import type { Rules, RulesView } from '@signalrelay/contracts/rules';
import { apiRequest } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/query.ts';

/** GET/PUT /api/rules, typed by the server's contracts. */

export type { Rules, RulesView };

export const rulesQueries = {
  current: () => apiQuery<RulesView>(['rules'], '/api/rules'),
};

export const rulesApi = {
  save: (rules: Rules) => apiRequest<RulesView>('/api/rules', { method: 'PUT', body: rules }),
};

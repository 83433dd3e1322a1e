import { z } from 'zod';
import { webhookAlertSchema } from './alert.ts';
import { alertRuleSchemas } from './alert-rules.ts';

/** Where the server serves the schema, also its `$id`'s path. */
export const alertSchemaPath = '/schemas/alert.json';

export type AlertJsonSchema = {
  $schema: string;
  $id?: string;
  title: string;
  description: string;
  type: 'object';
  properties: Record<string, AlertPropertySchema>;
  required: string[];
  allOf: Record<string, unknown>[];
};

export type AlertPropertySchema = {
  type?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
};

/**
 * The alert as JSON Schema (draft 2020-12), generated from the zod schema the webhook
 * validates with: each field's type, range and description, and the rules between fields
 * (alert-rules.ts) as conditions. It describes the alert written plainly (numbers as numbers,
 * positions in lower case); the webhook also reads TradingView's looser spellings. One thing
 * JSON Schema cannot say is checked by the webhook only: the `tps` percents' sum.
 */
export function alertJsonSchema(origin?: string): AlertJsonSchema {
  const generated = z.toJSONSchema(webhookAlertSchema, {
    io: 'input',
    unrepresentable: 'any',
  }) as unknown as Pick<AlertJsonSchema, '$schema' | 'properties' | 'required'>;
  return {
    $schema: generated.$schema,
    ...(origin ? { $id: `${origin}${alertSchemaPath}` } : {}),
    title: 'SignalRelay alert',
    description:
      'The JSON message a TradingView alert posts to the SignalRelay webhook: one trading command for the EA.',
    type: 'object',
    properties: generated.properties,
    required: generated.required ?? [],
    allOf: alertRuleSchemas(generated.properties),
  };
}

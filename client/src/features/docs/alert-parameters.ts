import { alertJsonSchema } from '@signalrelay/contracts/alert-json-schema';
import { alertFieldPositions } from '@signalrelay/contracts/alert-rules';

/** One row of the parameter reference, read from the schema the webhook validates with. */
export type AlertParameter = {
  name: string;
  type: string;
  required: boolean;
  default: string | null;
  allowed: string[] | null;
  range: string | null;
  /** The positions it applies to, when not every one. */
  positions: readonly string[] | null;
  description: string;
};

const numberFormat = new Intl.NumberFormat('en-US');

/** JSON Schema types as the table names them; any other type, or a list of values, is text. */
const typeNames: Record<string, string> = {
  number: 'number',
  boolean: 'true / false',
  array: 'list',
};

/**
 * Parameters in the order the schema declares them, read from the JSON Schema the server
 * serves at /schemas/alert.json (generated from the webhook's zod schema).
 */
export function alertParameters(): AlertParameter[] {
  const json = alertJsonSchema();
  const required = new Set(json.required);
  return Object.entries(json.properties).map(([name, p]) => ({
    name,
    type: (!p.enum && p.type && typeNames[p.type]) || 'text',
    required: required.has(name),
    default:
      p.default === undefined || p.default === ''
        ? null
        : JSON.stringify(p.default).replace(/^"|"$/g, ''),
    allowed: p.enum ? p.enum.map(String) : null,
    range:
      p.minimum !== undefined && p.maximum !== undefined
        ? `${numberFormat.format(p.minimum)} – ${numberFormat.format(p.maximum)}`
        : p.maxLength !== undefined
          ? `up to ${p.maxLength} characters`
          : null,
    positions: alertFieldPositions[name] ?? null,
    description: p.description ?? '',
  }));
}

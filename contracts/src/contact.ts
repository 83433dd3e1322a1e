import { z } from 'zod';

/**
 * The support form's contract (`POST /api/contact`), shared by the server route, the form on
 * /docs/support and the tests. Imports only zod so the client can bundle it.
 */

export const contactCategoryLabels = {
  technical: 'Technical Support',
  billing: 'Billing & Account',
  installation: 'Installation Help',
  trading: 'Trading Configuration',
  general: 'General Inquiry',
  feedback: 'Feedback',
} as const;

export type ContactCategory = keyof typeof contactCategoryLabels;

export const contactCategories = Object.keys(contactCategoryLabels) as [
  ContactCategory,
  ...ContactCategory[],
];

export const contactLimits = {
  name: { min: 1, max: 100 },
  email: { max: 254 },
  subject: { min: 3, max: 200 },
  message: { min: 10, max: 5000 },
} as const;

/** Header-bound fields (name, subject) must stay on one line. */
const singleLine = (field: 'name' | 'subject') =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(
      contactLimits[field].min,
      contactLimits[field].min === 1
        ? 'is required'
        : `must be at least ${contactLimits[field].min} characters`,
    )
    .max(contactLimits[field].max, `must be at most ${contactLimits[field].max} characters`)
    .refine((v) => !/[\r\n]/.test(v), 'must be a single line');

export const contactMessageSchema = z.object({
  name: singleLine('name'),
  email: z
    .string({ error: 'is required' })
    .trim()
    .max(contactLimits.email.max, `must be at most ${contactLimits.email.max} characters`)
    .pipe(z.email('must be a valid e-mail address')),
  subject: singleLine('subject'),
  category: z.enum(contactCategories, {
    error: `must be one of ${contactCategories.join(', ')}`,
  }),
  message: z
    .string({ error: 'is required' })
    .trim()
    .min(contactLimits.message.min, `must be at least ${contactLimits.message.min} characters`)
    .max(contactLimits.message.max, `must be at most ${contactLimits.message.max} characters`),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** `GET /api/contact/info`: the operator's contact details, shown in the footer and on pages. */
export const contactInfoSchema = z.object({
  supportEmail: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});

export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** `POST /api/contact` success body. */
export type ContactReply = { ok: true; id: string };

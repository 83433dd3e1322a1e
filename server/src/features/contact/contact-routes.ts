import {
  type ContactInfo,
  type ContactReply,
  contactMessageSchema,
} from '@signalrelay/contracts/contact';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { createContactService } from './contact-service.ts';

type Options = { deps: AppDeps };

/** Messages per IP per window: enough for a person, too few for a script. */
export const contactRateLimit = {
  max: 5,
  timeWindow: '15 minutes',
  // The plugin's own error carries no code; ours gives the catalogue's RATE_LIMITED body.
  errorResponseBuilder: () => new AppError('RATE_LIMITED'),
};

/** `/api/contact`: the support form, and the contact details the site shows. */
export default async function contactRoutes(app: FastifyInstance, { deps }: Options) {
  const service = createContactService({
    db: deps.database.db,
    mailer: deps.mailer,
    supportEmail: deps.config.SUPPORT_EMAIL,
  });
  const info: ContactInfo = {
    supportEmail: deps.config.SUPPORT_EMAIL,
    address: deps.config.BUSINESS_ADDRESS ?? null,
    phone: deps.config.BUSINESS_PHONE ?? null,
  };

  app.get('/info', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return info;
  });

  app.post(
    '/',
    { config: { rateLimit: contactRateLimit } },
    async (request): Promise<ContactReply> => {
      const message = parseInput(contactMessageSchema, request.body);
      const { id } = await service.submit(message, request.ip);
      return { ok: true, id };
    },
  );
}

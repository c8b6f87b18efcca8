import { contactReply } from '@app/contract/contact';
import { errorReplySchema } from '@app/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formLimits } from '../../limits';
import { rateLimit } from '../../plugins/rate-limit';
import { discardFiles, readFormParts, registerFormParts } from '../contact/form-parts';
import { sendPartnershipApplication } from './service';

export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFormParts(app);
  app.post(
    '/api/partner/send-partnership-email',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(formLimits.partnership),
      schema: {
        tags: ['partner'],
        summary: 'Apply to the partnership programme',
        description:
          'multipart/form-data: a `data` part holding companyName, name, email, confirmEmail, phone, partnerType, ' +
          'website and message as JSON, and up to 3 `uploadFile` parts (PDF or JPEG by content, at most 10 MB ' +
          'each). Stored, mailed to the register staff with the files, and acknowledged to the sender.',
        consumes: ['multipart/form-data'],
        response: { 200: contactReply, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request) => {
      const parts = await readFormParts(request, { storage: app.storage, keyPrefix: 'uploads/partnership' });
      try {
        return await sendPartnershipApplication({ db: app.db }, parts);
      } catch (error) {
        await discardFiles(app.storage, parts.files);
        throw error;
      }
    },
  );
};

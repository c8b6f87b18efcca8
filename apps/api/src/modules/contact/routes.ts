import { contactReply } from '@app/contract/contact';
import { errorReplySchema } from '@app/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formLimits } from '../../limits';
import { rateLimit } from '../../plugins/rate-limit';
import { discardFiles, readFormParts, registerFormParts } from './form-parts';
import { sendContactMessage } from './service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFormParts(app);
  app.post(
    '/api/contact-us',
    {
      config: { auth: 'public' },
      // Counted before the body is read, so a flood of uploads is turned away unread.
      preHandler: rateLimit(formLimits.contact),
      schema: {
        tags: ['contact'],
        summary: "Send a message through the brand's contact-us form",
        description:
          "multipart/form-data: a `data` part holding the fields as JSON (only the fields of this brand's form, " +
          'required ones filled in, `email` and `confirmEmail` equal), and up to 3 `uploadFile` parts, each a PDF ' +
          "or JPEG (judged by content) of at most 10 MB. The message is stored, then mailed to the brand's staff " +
          'with the files attached, and the sender gets an acknowledgement with the reference.',
        consumes: ['multipart/form-data'],
        response: { 200: contactReply, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request) => {
      const parts = await readFormParts(request, { storage: app.storage, keyPrefix: 'uploads/contact' });
      try {
        return await sendContactMessage({ db: app.db }, request.brand, parts);
      } catch (error) {
        await discardFiles(app.storage, parts.files);
        throw error;
      }
    },
  );
};

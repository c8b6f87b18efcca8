import { type PublicationBody, publicationReply } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const savePublication = (body: PublicationBody) =>
  api.put('/api/contact/publication', body, { schema: publicationReply });

import { messageReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

export const inviteUser = (email: string) =>
  api.post('/api/company/add', { email }, { schema: messageReply });

import { messageReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

export const deleteAccount = (password: string) =>
  api.post('/api/account/delete', { password, confirm: 'DELETE' }, { schema: messageReply });

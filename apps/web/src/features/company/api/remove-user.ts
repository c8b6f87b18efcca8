import { companyUsersReply } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const removeUser = (id: number) =>
  api.delete(`/api/company/users/${id}`, { schema: companyUsersReply });

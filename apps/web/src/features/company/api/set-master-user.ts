import { companyUsersReply } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const setMasterUser = (id: number, masterUser: 0 | 1) =>
  api.put(`/api/company/users/${id}`, { masterUser }, { schema: companyUsersReply });

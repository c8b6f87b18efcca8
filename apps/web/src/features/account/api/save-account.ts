import { type AccountDetailsBody, accountDetails } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const saveAccount = (body: AccountDetailsBody) =>
  api.put('/api/account', body, { schema: accountDetails });

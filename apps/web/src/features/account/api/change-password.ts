import { z } from '@app/contract/zod';
import { api } from '../../../lib/api-client';

export const changePassword = (currentPassword: string, newPassword: string) =>
  api.post(
    '/api/account/password',
    { currentPassword, newPassword },
    { schema: z.object({ message: z.string(), token: z.string() }) },
  );

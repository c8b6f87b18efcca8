import { z } from '@app/contract/zod';
import { api } from '../../../lib/api-client';

export const downloadMyData = () =>
  api.get('/api/account/export', { schema: z.record(z.string(), z.array(z.unknown())) });

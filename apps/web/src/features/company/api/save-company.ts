import { type CompanyBody, companyRecord } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const saveCompany = (id: number, body: CompanyBody) =>
  api.put(`/api/company/${id}`, body, { schema: companyRecord });

import { type AddressDetail, addressDetail } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/** GET /api/address/get/{id}: the address of a suggestion; undefined (and logged) when it fails. */
export async function fetchAddressDetail(id: string): Promise<AddressDetail | undefined> {
  try {
    return await api.get(`/api/address/get/${encodeURIComponent(id)}`, { schema: addressDetail });
  } catch (error) {
    console.warn('The address of a suggestion could not be fetched', error);
    return undefined;
  }
}

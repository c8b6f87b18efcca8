import { ADDRESS_SEARCH_MIN, type AddressSuggestion, addressAutocompleteReply } from '@app/contract/accounts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/address/autocomplete/{term}. SPEC.md section 8: a failed look-up is only logged and
 * gives no suggestions, so the user simply types the address.
 */
export async function fetchAddressSuggestions(
  term: string,
  signal?: AbortSignal,
): Promise<AddressSuggestion[]> {
  try {
    const reply = await api.get(`/api/address/autocomplete/${encodeURIComponent(term)}`, {
      schema: addressAutocompleteReply,
      signal,
    });
    return reply.suggestions;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.warn('Address suggestions could not be fetched', error);
    return [];
  }
}

export function addressSuggestionsQuery(term: string) {
  const trimmed = term.trim();
  return queryOptions({
    queryKey: ['address', 'autocomplete', trimmed.toLowerCase()],
    queryFn: ({ signal }) => fetchAddressSuggestions(trimmed, signal),
    enabled: trimmed.length >= ADDRESS_SEARCH_MIN,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

import type { AddressDetail, AddressSuggestion } from '@app/contract/accounts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Env } from '../../env';
import { demoAddresses } from './demo-addresses';

/** The address service failed (down, slow, refused our key): the caller types the address. */
export class AddressUnavailableError extends Error {
  override name = 'AddressUnavailableError';
}

export interface AddressProvider {
  /** Suggestions for a search text; none when the service fails (the failure is logged). */
  autocomplete(term: string): Promise<AddressSuggestion[]>;
  /** The address of a suggestion; undefined when unknown; AddressUnavailableError when the service fails. */
  get(id: string): Promise<AddressDetail | undefined>;
}

const MAX_SUGGESTIONS = 10;

/** One line for a suggestion list, e.g. "Flat 2, 40 Quayside Walk, Newcastle upon Tyne". */
function summary(a: AddressDetail): string {
  return [a.line_1, a.line_2, a.line_3, a.town_or_city].filter(Boolean).join(', ');
}

/** ADDRESS_PROVIDER=demo: the bundled made-up addresses, matched on any part, case ignored. */
export function demoAddressProvider(): AddressProvider {
  return {
    async autocomplete(term) {
      const needle = term.trim().toLowerCase();
      return demoAddresses
        .filter((a) => `${summary(a)}, ${a.postcode}, ${a.county}`.toLowerCase().includes(needle))
        .slice(0, MAX_SUGGESTIONS)
        .map((a) => ({ address: `${summary(a)}, ${a.postcode}`, id: a.id }));
    },
    async get(id) {
      const found = demoAddresses.find((a) => a.id === id);
      if (!found) return undefined;
      const { id: _id, ...detail } = found;
      return detail;
    },
  };
}

const suggestionsReply = z.object({
  suggestions: z.array(z.object({ address: z.string(), id: z.string() }).loose()),
});
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const detailReply = z
  .object({
    line_1: text,
    line_2: text,
    line_3: text,
    town_or_city: text,
    postcode: text,
    county: text,
  })
  .loose();

export interface GetAddressOptions {
  baseUrl: string;
  apiKey: string;
  log: FastifyBaseLogger;
  /** Longest wait for the service. */
  timeoutMs?: number;
}

/**
 * ADDRESS_PROVIDER=getaddress: a getAddress.io-compatible service,
 * `GET {base}/autocomplete/{term}?api-key=KEY` and `GET {base}/get/{id}?api-key=KEY`; errors are
 * a status with `{ "Message": ... }`. The key goes only to the service, never into a log or reply.
 */
export function getAddressProvider(options: GetAddressOptions): AddressProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;

  async function call(path: string): Promise<{ status: number; body: unknown }> {
    const url = `${base}${path}?api-key=${encodeURIComponent(options.apiKey)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
      throw new AddressUnavailableError(`Address service ${reason}`, { cause: error });
    }
    const body: unknown = await response.json().catch(() => undefined);
    return { status: response.status, body };
  }

  const serviceMessage = (body: unknown) =>
    typeof body === 'object' && body !== null && 'Message' in body ? String(body.Message) : undefined;

  return {
    async autocomplete(term) {
      try {
        const { status, body } = await call(`/autocomplete/${encodeURIComponent(term)}`);
        if (status !== 200) {
          options.log.warn({ status, message: serviceMessage(body) }, 'Address autocomplete failed');
          return [];
        }
        const parsed = suggestionsReply.safeParse(body);
        if (!parsed.success) {
          options.log.warn('Address autocomplete answered an unexpected shape');
          return [];
        }
        return parsed.data.suggestions
          .slice(0, MAX_SUGGESTIONS)
          .map((s) => ({ address: s.address, id: s.id }));
      } catch (error) {
        options.log.warn({ reason: (error as Error).message }, 'Address autocomplete failed');
        return [];
      }
    },
    async get(id) {
      const { status, body } = await call(`/get/${encodeURIComponent(id)}`);
      if (status === 404) return undefined;
      if (status !== 200) {
        options.log.warn({ status, message: serviceMessage(body) }, 'Address detail failed');
        throw new AddressUnavailableError(`Address service answered ${status}`);
      }
      const parsed = detailReply.safeParse(body);
      if (!parsed.success) throw new AddressUnavailableError('Address service answered an unexpected shape');
      const { line_1, line_2, line_3, town_or_city, postcode, county } = parsed.data;
      return { line_1, line_2, line_3, town_or_city, postcode, county };
    },
  };
}

export function createAddressProvider(
  env: Pick<Env, 'addressProvider' | 'getaddressUrl' | 'getaddressApiKey'>,
  log: FastifyBaseLogger,
): AddressProvider {
  if (env.addressProvider === 'getaddress' && env.getaddressUrl) {
    return getAddressProvider({ baseUrl: env.getaddressUrl, apiKey: env.getaddressApiKey ?? '', log });
  }
  return demoAddressProvider();
}

import type { BrandConfig } from '@app/brands';
import { clearSession, readSession } from './session';

/** Anything with a `parse` that returns T or throws: a zod schema from @app/contract fits. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  /** Checks the reply and gives its type; `unknownReply` when the caller only needs success. */
  schema: Parser<T>;
  signal?: AbortSignal;
  /**
   * Bearer for this call only, in place of the stored session's (a reset link's token, which is
   * never stored). Such calls usually also set `clearSessionOnUnauthorized: false`, since a dead
   * link says nothing about the session of whoever is signed in.
   */
  token?: string;
  /**
   * SPEC.md section 8: a 401 on most calls clears local storage. Calls where a 401 only means
   * "wrong credentials" (sign-in) turn this off.
   */
  clearSessionOnUnauthorized?: boolean;
  /** Headers of this call only: a visitor's private link sends its key this way, never in the address. */
  headers?: Record<string, string>;
  /** A download: a successful reply is read as a Blob (a file), not as JSON or text. */
  asBlob?: boolean;
}

/**
 * Every failed call: `kind: 'http'` when the server answered with an error status (its parsed
 * body kept), `kind: 'network'` when no answer arrived.
 */
export class ApiError extends Error {
  readonly kind: 'http' | 'network';
  readonly status: number | null;
  readonly body: unknown;

  constructor(kind: 'http' | 'network', message: string, status: number | null = null, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }

  /** What a server-rendered page hands the browser of a failed query (see revive). */
  toJSON(): ApiErrorJson {
    return { apiError: true, kind: this.kind, message: this.message, status: this.status, body: this.body };
  }

  /** The ApiError a server-rendered page's data held, or the value as it was. */
  static revive(value: unknown): unknown {
    if (typeof value !== 'object' || value === null || !('apiError' in value)) return value;
    const { kind, message, status, body } = value as ApiErrorJson;
    return new ApiError(kind, message, status, body);
  }

  /** The `message` field of the server's reply, which the spec shows to users in several places. */
  get serverMessage(): string | undefined {
    if (typeof this.body === 'object' && this.body !== null && 'message' in this.body) {
      const { message } = this.body;
      return typeof message === 'string' ? message : undefined;
    }
    return undefined;
  }
}

interface ApiErrorJson {
  apiError: true;
  kind: 'http' | 'network';
  message: string;
  status: number | null;
  body: unknown;
}

/** Accepts any reply, typed `unknown`. */
export const unknownReply: Parser<unknown> = { parse: (data) => data };

/**
 * The reply as the server sent it, typed `T` without a check. For the public reads (content, a
 * sign's look-up, the scheme search): the API checks each such reply against its zod schema in
 * @app/contract before it sends it, and checking it again here would put zod in the first load of
 * every page a visitor opens (docs/decisions/0007, 0030).
 */
export function trustedReply<T>(): Parser<T> {
  return { parse: (data) => data as T };
}

/** The API base of a brand: its local URL when served from localhost, else its back end ('' = same origin). */
export function apiBaseUrl(
  brand: Pick<BrandConfig, 'localApiUrl' | 'backendApiUrl'>,
  hostname: string,
): string {
  const local = hostname === 'localhost' || hostname.endsWith('.localhost');
  return (local ? brand.localApiUrl : brand.backendApiUrl).replace(/\/$/, '');
}

let baseUrl = '';

/** How requests leave: the browser's fetch, or the server's own in-process answer while it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** The server render sends the pages' API calls to the API in the same process. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** Called at start and on a host change, so fetchers need no brand argument. */
export function configureApiClient(
  brand: Pick<BrandConfig, 'localApiUrl' | 'backendApiUrl'>,
  hostname: string,
): void {
  baseUrl = apiBaseUrl(brand, hostname);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const token = options.token ?? readSession().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser writes the multipart boundary itself
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await transport(`${baseUrl}${path}`, { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    console.error(`Network failure on ${method} ${path}`, cause);
    throw new ApiError('network', 'The server could not be reached.');
  }

  const data = response.ok && options.asBlob ? await response.blob() : await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && options.clearSessionOnUnauthorized !== false) clearSession();
    throw new ApiError('http', `${method} ${path} answered ${response.status}`, response.status, data);
  }
  return options.schema.parse(data);
}

type MethodOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options: MethodOptions<T>) => apiRequest(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown, options: MethodOptions<T>) =>
    apiRequest(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body: unknown, options: MethodOptions<T>) =>
    apiRequest(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: MethodOptions<T>) => apiRequest(path, { ...options, method: 'DELETE' }),
};

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../test/render-shell';
import { ApiError, api, apiBaseUrl, configureApiClient, unknownReply } from './api-client';
import { useSession } from './session';

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const numberList = {
  parse(data: unknown): number[] {
    if (!Array.isArray(data) || !data.every((n) => typeof n === 'number'))
      throw new Error('not a number list');
    return data;
  },
};

describe('api client', () => {
  it('sends the stored token as a bearer token and the body as JSON', async () => {
    configureApiClient({ localApiUrl: '', backendApiUrl: '' }, 'signs.localhost');
    localStorage.setItem('token', 'abc.def.ghi');
    const fetchMock = stubFetch(() => Response.json({ ok: true }));

    await api.post('/api/users/login', { userName: 'operator' }, { schema: unknownReply });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/users/login');
    expect(init?.method).toBe('POST');
    expect(headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"userName":"operator"}');
  });

  it("sends a call's own bearer token in place of the stored session's", async () => {
    localStorage.setItem('token', 'stored.session.token');
    const fetchMock = stubFetch(() => Response.json([]));
    await api.get('/api/users/7', { schema: unknownReply, token: 'reset.link.token' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer reset.link.token',
    );
    expect(localStorage.getItem('token')).toBe('stored.session.token');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = stubFetch(() => Response.json([]));
    await api.get('/api/dvrs', { schema: unknownReply });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('returns the reply checked by the schema', async () => {
    stubFetch(() => Response.json([1, 2, 3]));
    await expect(api.get('/api/numbers', { schema: numberList })).resolves.toEqual([1, 2, 3]);
  });

  it('clears local storage and the session on a 401', async () => {
    localStorage.setItem('token', fakeToken(600));
    localStorage.setItem('masterUser', 'true');
    localStorage.setItem('userId', '42');
    stubFetch(() => Response.json({ message: 'Unauthorised' }, { status: 401 }));
    const { result } = renderHook(() => useSession());
    expect(result.current.signedIn).toBe(true);

    let error: unknown;
    await act(async () => {
      error = await api.get('/api/sites/user/42', { schema: unknownReply }).catch((e: unknown) => e);
    });

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).serverMessage).toBe('Unauthorised');
    expect(localStorage.length).toBe(0);
    expect(result.current.signedIn).toBe(false);
  });

  it('keeps the session on a 401 of a call that opts out (sign-in with a wrong password)', async () => {
    localStorage.setItem('token', fakeToken(600));
    stubFetch(() => Response.json({ message: 'Invalid credentials' }, { status: 401 }));
    await expect(
      api.post('/api/users/login', {}, { schema: unknownReply, clearSessionOnUnauthorized: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('logs a network failure and throws a network ApiError', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.get('/api/dvrs', { schema: unknownReply }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('network');
    expect((error as ApiError).status).toBeNull();
    expect(logged).toHaveBeenCalledOnce();
  });

  it('uses the local API URL on localhost and the back end elsewhere', () => {
    const brand = { localApiUrl: 'http://127.0.0.1:3000/', backendApiUrl: 'https://api.example.co.uk' };
    expect(apiBaseUrl(brand, 'localhost')).toBe('http://127.0.0.1:3000');
    expect(apiBaseUrl(brand, 'dvr.localhost')).toBe('http://127.0.0.1:3000');
    expect(apiBaseUrl(brand, 'www.example.co.uk')).toBe('https://api.example.co.uk');
    expect(apiBaseUrl({ localApiUrl: '', backendApiUrl: '' }, 'signs.localhost')).toBe('');
  });

  it('prefixes calls with the configured base', async () => {
    configureApiClient({ localApiUrl: 'http://127.0.0.1:3000', backendApiUrl: '' }, 'localhost');
    const fetchMock = stubFetch(() => Response.json([]));
    await api.get('/api/dvrs', { schema: unknownReply });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://127.0.0.1:3000/api/dvrs');
    configureApiClient({ localApiUrl: '', backendApiUrl: '' }, 'localhost');
  });
});

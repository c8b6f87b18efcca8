import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ToastHost } from '../../app/toast-host';
import { findDialog } from '../../test/dialog';
import { useAuthDialog } from './auth-dialog-context';
import { AuthDialogProvider } from './auth-dialog-provider';
import type { AccountMode } from './auth-dialog-state';

// The dialog tests chain several stubbed calls and lazy chunks; on a busy two-core machine the
// default second of findBy/waitFor is too short to tell slow from broken.
configure({ asyncUtilTimeout: 5000 });

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Stubs `fetch` with answers per "METHOD /path" (a `*` matches any run of characters, query
 * included). Unlisted calls get a 404, as a server without that route would answer.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method = 'GET', path = ''] = key.split(' ');
    const pattern = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    return { method, pattern, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const call: ApiCall = {
      method,
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = table.find((r) => r.method === method && r.pattern.test(url));
    return route ? route.handler(call) : Response.json({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to one "METHOD /path" (same patterns as the routes). */
    callsTo(key: string): ApiCall[] {
      const [method, path = ''] = key.split(' ');
      const pattern = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      return calls.filter((c) => c.method === method && pattern.test(c.url));
    },
  };
}

/** A JSON answer with a status. */
export const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

function Opener({ mode }: { mode: AccountMode | null }) {
  const { setMode } = useAuthDialog();
  const opened = useRef(false);
  useEffect(() => {
    // Once: setMode changes with every dialog state, and reopening would undo closing.
    if (mode && !opened.current) setMode(mode);
    opened.current = true;
  }, [mode, setMode]);
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * The dialogs as the app hosts them (provider inside a router, toasts beside), opened in `mode`,
 * or from the address when `path` carries `userId` or `value`.
 */
export async function renderAuthDialog({
  mode = null,
  path = '/',
}: {
  mode?: AccountMode | null;
  path?: string;
}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthDialogProvider>
            <Outlet />
          </AuthDialogProvider>
        ),
        children: [{ path: '*', element: <Opener mode={mode} /> }],
      },
    ],
    { initialEntries: [path] },
  );
  // The dialogs load lazily; loaded first, a busy machine cannot make the first test time out.
  await import('./auth-dialogs');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  const dialog = await findDialog();
  return { ...view, router, dialog };
}

/** Base64url JSON, as in a JSON web token. */
function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned token with the given claims (the web app only reads them). */
export function tokenWith(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

export const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

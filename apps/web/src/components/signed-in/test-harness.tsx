import { brandById } from '@app/brands';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { storeSession } from '../../lib/session';

// Renders one workspace page with a signed-in session and a fake API answering `replies`.

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function signIn(master: boolean) {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  storeSession(
    `${base64url({ alg: 'HS256' })}.${base64url({ id: 7, userName: 'operator', exp })}.sig`,
    master,
  );
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export function fakeApi(replies: Record<string, unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const key = `${method} ${path}`;
      if (!(key in replies)) return Response.json({ message: 'Not found' }, { status: 404 });
      const reply = replies[key];
      // A Response is answered as it is (an error status); anything else as a 200 JSON body.
      return reply instanceof Response ? reply.clone() : Response.json(reply);
    }),
  );
  return calls;
}

export function renderPage(element: ReactElement, path: string) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <BrandProvider brand={brandById('signs')}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
}

export const account = (masterUser: 0 | 1) => ({
  id: 7,
  userName: 'operator',
  title: 'Ms',
  firstname: 'Ada',
  surname: 'King',
  tel: '0113',
  email: 'ada@example.com',
  pendingEmail: null,
  masterUser,
  companyId: 5,
  companyName: 'Northern Watch Ltd',
});

export const site = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  companyId: 5,
  name,
  address1: '1 Lantern Row',
  address2: '',
  address3: '',
  town: 'Leeds',
  postcode: 'LS1 9ZQ',
  county: 'West Yorkshire',
  keyInfo: 'Crime prevention.',
  retentionDays: 30,
  whoSees: 'The manager',
  detailsConfirmedAt: '2026-01-10T10:00:00.000Z',
  detailsOutOfDate: false,
  signCount: 2,
  lookups30Days: 4,
  ...extra,
});

/** A company's contact settings as sign-up leaves them: only the relay form is published. */
export const unpublishedSettings = () => ({
  showPhone: false,
  showEmail: false,
  showAddress: false,
  showRelay: true,
  phone: '',
  email: '',
  address: '',
  isHomeAddress: false,
  homeAddressConsent: false,
  contactText: '',
});

/** The problems a form's error summary lists (each a link to its field), once it is shown. */
export async function problemsListed(container: HTMLElement = document.body) {
  const summary = await within(container).findByRole('alert', { name: 'There is a problem' });
  return within(summary)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

import { brandById } from '@app/brands';
import type { DeskItem, DeskRequest, VisitorRequest } from '@app/contract/requests';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { type RequestsSlots, requestsRoutes } from './routes';

export type Reply = { status: number; body: unknown };
export interface Call {
  method: string;
  /** The path and query. */
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers fetch by method and path ("POST /api/x", or just the path for any method); records every call. */
export function stubFetch(replies: Record<string, Reply | Reply[]>) {
  const calls: Call[] = [];
  const queues = new Map(
    Object.entries(replies).map(([key, reply]) => [key, Array.isArray(reply) ? [...reply] : reply]),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, 'http://signs.localhost');
      const path = `${parsed.pathname}${parsed.search}`;
      const method = init.method ?? 'GET';
      const body =
        init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body, headers: Object.fromEntries(new Headers(init.headers).entries()) });
      const queued = queues.get(`${method} ${path}`) ?? queues.get(path);
      const reply = (Array.isArray(queued) ? (queued.length > 1 ? queued.shift() : queued[0]) : queued) ?? {
        status: 404,
        body: { message: 'Not found' },
      };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The request's files and the visitor's footage are another feature's: its tests show them. */
function NoFiles() {
  return null;
}

/** The request desk's pages at `path`, in a memory router; `hash` is the address's fragment; `slots` stand in for other features' parts. */
export function renderRequests(path: string, slots: Partial<RequestsSlots> = {}) {
  const router = createMemoryRouter(
    requestsRoutes({ requestFiles: NoFiles, visitorFootage: NoFiles, ...slots }),
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <BrandProvider brand={brandById('signs')}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
  return router;
}

const DAY_MS = 86_400_000;
/** The calendar date `days` from today (negative: before), as the form's date box holds it. */
export const daysFromToday = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

export const deskItem = (over: Partial<DeskItem> = {}): DeskItem => ({
  id: 12,
  reference: 'R-000012',
  kind: 'footage',
  state: 'received',
  outcome: null,
  siteName: 'Quay car park',
  receivedAt: '2026-11-21T10:00:00.000Z',
  footageDate: '2026-11-20',
  timeFrom: '14:00',
  timeTo: '14:30',
  due: { date: '2026-12-21', reason: 'one month from receipt on 21 November 2026' },
  acknowledgeBy: null,
  acknowledged: false,
  visitorName: 'Sam Walker',
  overwrite: {
    date: daysFromToday(3),
    reason: 'recorded on 20 November 2026 and kept for 14 days',
  },
  footageSaved: null,
  overdue: false,
  next: 'Save the footage before it is overwritten',
  ...over,
});

/** What the list leaves out and a request's own page shows. */
const wholeRequest = {
  signRef: 'DEMO-0002-SIGN',
  location: 'By the pay machine',
  camera: '',
  description: 'Red coat',
  message: '',
  preferredForm: 'copy' as const,
  representative: false,
  extension: null,
};

export const deskRequest = (over: Partial<DeskRequest> = {}): DeskRequest => ({
  ...deskItem(),
  ...wholeRequest,
  operator: 'Quay Parking Ltd',
  today: daysFromToday(0),
  visitorEmail: 'sam@example.net',
  actions: ['start', 'ask_identity', 'ask_clarification', 'extend', 'answer'],
  extendRefused: null,
  history: [
    {
      at: '2026-11-21T10:00:00.000Z',
      actor: 'visitor',
      actorName: 'Sam Walker',
      action: 'Request received',
      fromState: null,
      toState: 'received',
      body: '',
    },
  ],
  documents: [],
  ...over,
});

export const visitorRequest = (over: Partial<VisitorRequest> = {}): VisitorRequest => {
  const {
    id: _id,
    visitorName: _n,
    overwrite: _o,
    footageSaved: _f,
    overdue: _d,
    next: _x,
    ...core
  } = deskItem();
  return {
    ...core,
    ...wholeRequest,
    operator: 'Quay Parking Ltd',
    next: 'The operator will look for the footage and answer by 21 December 2026.',
    actions: ['withdraw'],
    history: deskRequest().history,
    documents: [],
    ...over,
  };
};

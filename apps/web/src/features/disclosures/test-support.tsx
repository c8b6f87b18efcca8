import { brandById } from '@app/brands';
import type { DisclosureSummary } from '@app/contract/disclosure-release';
import type { DisclosureFile } from '@app/contract/disclosures';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { fakeToken } from '../../test/render-shell';
import { FootageSection } from './footage-section';
import { ReleaseSection } from './release-section';
import { VisitorFootage } from './visitor-footage';

export const TOKEN = fakeToken(3600, 7);

export function signIn(master = false) {
  localStorage.setItem('token', TOKEN);
  localStorage.setItem('userId', '7');
  localStorage.setItem('masterUser', JSON.stringify(master));
}

function renderWithClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <BrandProvider brand={brandById('signs')}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </BrandProvider>,
  );
}

/** The section of request 12, as the request's page draws it. */
export function renderSection(master = false) {
  renderWithClient(<FootageSection requestId={12} master={master} />);
}

/** "Release to the visitor" of request 12, as the request's page draws it. */
export function renderRelease(master = false) {
  renderWithClient(<ReleaseSection requestId={12} master={master} />);
}

/** The private link's key of request R-000012 in the tests. */
export const LINK_KEY = 'k3y-0f-the-l1nk';

/** "Your footage" on the visitor's page of request R-000012. */
export function renderVisitorFootage() {
  renderWithClient(<VisitorFootage reference="R-000012" secret={LINK_KEY} />);
}

export type Reply = { status: number; body: unknown };
export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers fetch by "METHOD /path" (a list is answered in turn, its last reply kept); records every call. */
export function stubFetch(replies: Record<string, Reply | Reply[]>) {
  const calls: Call[] = [];
  const queues = new Map(
    Object.entries(replies).map(([key, reply]) => [key, Array.isArray(reply) ? [...reply] : [reply]]),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://signs.localhost').pathname;
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
      });
      const queue = queues.get(`${method} ${path}`);
      const reply = (queue && (queue.length > 1 ? queue.shift() : queue[0])) ?? {
        status: 404,
        body: { message: 'Not found' },
      };
      return Response.json(reply.body, { status: reply.status });
    }),
  );
  return calls;
}

const HASH = 'a3f1c9e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a6';

export const clip = (over: Partial<DisclosureFile> = {}): DisclosureFile => ({
  id: 31,
  filename: 'car-park-14-05.mp4',
  kind: 'mp4',
  sizeBytes: 52_428_800,
  uploadState: 'complete',
  uploadUrl: null,
  sha256: HASH,
  durationMs: 125_000,
  width: 1920,
  height: 1080,
  videoCodec: 'h264',
  audioCodec: null,
  processing: { state: 'not_needed', progress: 0 },
  playable: null,
  still: null,
  uploadedBy: 'operator',
  uploadedAt: '2026-11-27T10:00:00.000Z',
  completedAt: '2026-11-27T10:02:00.000Z',
  ...over,
});

/** One request the fake tus server saw, as the test reads it. */
export interface TusCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The bytes a PATCH carried (its body's size). */
  bytes: number;
}

interface StoredUpload {
  length: number;
  offset: number;
}

/**
 * A tus 1.0 server behind XMLHttpRequest, as the browser's tus client meets it: creation (POST),
 * HEAD and PATCH with offsets, DELETE. `cutNextPatch(n)` drops the connection after n bytes of the
 * next PATCH (the server keeps them, as after a real cut); `refuse` answers the next request of a
 * method with an error; `holdPatches` keeps PATCHes open until `release`.
 */
export function fakeTusServer() {
  const calls: TusCall[] = [];
  const uploads = new Map<string, StoredUpload>();
  const refusals = new Map<string, { status: number; body: string; contentType: string }>();
  let cut: number | null = null;
  let created = 0;
  let held: (() => void)[] = [];
  let hold = false;

  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: ((error: Error) => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = new URL(url, 'http://signs.localhost').pathname;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    getResponseHeader(name: string) {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }

    abort() {
      this.aborted = true;
    }

    send(body: Blob | null) {
      const bytes = body ? body.size : 0;
      calls.push({ method: this.method, url: this.url, headers: { ...this.headers }, bytes });
      setTimeout(() => this.answer(bytes), 0);
    }

    private reply(status: number, headers: Record<string, string> = {}, text = '') {
      if (this.aborted) return;
      this.status = status;
      this.responseText = text;
      this.responseHeaders = { 'tus-resumable': '1.0.0', ...headers };
      this.onload?.();
    }

    private answer(bytes: number) {
      const refusal = refusals.get(this.method);
      if (refusal) {
        refusals.delete(this.method);
        return this.reply(refusal.status, { 'content-type': refusal.contentType }, refusal.body);
      }
      const stored = uploads.get(this.url);
      switch (this.method) {
        case 'POST': {
          created += 1;
          const location = `/api/requests/12/clips/uploads/00000000-0000-4000-8000-00000000000${created}`;
          uploads.set(location, { length: Number(this.headers['upload-length']), offset: 0 });
          return this.reply(201, { location });
        }
        case 'HEAD':
          if (!stored) return this.reply(404);
          return this.reply(200, {
            'upload-offset': String(stored.offset),
            'upload-length': String(stored.length),
          });
        case 'PATCH': {
          if (!stored) return this.reply(404);
          if (Number(this.headers['upload-offset']) !== stored.offset) return this.reply(409);
          const finish = () => {
            if (this.aborted) return;
            stored.offset += bytes;
            this.upload.onprogress?.({ lengthComputable: true, loaded: bytes });
            this.reply(204, { 'upload-offset': String(stored.offset) });
          };
          if (cut !== null) {
            // The connection drops after `cut` bytes: the server keeps what arrived.
            const kept = Math.min(cut, bytes);
            cut = null;
            stored.offset += kept;
            this.upload.onprogress?.({ lengthComputable: true, loaded: kept });
            this.onerror?.(new Error('network'));
            return;
          }
          if (hold) {
            // Half of it arrives, then the connection waits; a pause (abort) leaves that half stored.
            const half = Math.floor(bytes / 2);
            this.upload.onprogress?.({ lengthComputable: true, loaded: half });
            const originalAbort = this.abort.bind(this);
            this.abort = () => {
              if (!this.aborted) stored.offset += half;
              originalAbort();
            };
            held.push(finish);
            return;
          }
          return finish();
        }
        case 'DELETE':
          uploads.delete(this.url);
          return this.reply(204);
        default:
          return this.reply(405);
      }
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    calls,
    uploads,
    cutNextPatch(bytes: number) {
      cut = bytes;
    },
    refuse(method: string, status: number, body: string, contentType = 'text/plain') {
      refusals.set(method, { status, body, contentType });
    },
    holdPatches(on: boolean) {
      hold = on;
    },
    release() {
      const waiting = held;
      held = [];
      for (const finish of waiting) finish();
    },
  };
}

/** A file of `size` bytes; its first bytes are an MP4's, as a recorder's export starts. */
export function fileOf(name: string, size: number, type = 'video/mp4') {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]);
  return new File([bytes], name, { type, lastModified: 1_764_000_000_000 });
}

/** A release of request 12: the clip and the letter, active for 14 days. */
export const released = (over: Partial<DisclosureSummary> = {}): DisclosureSummary => ({
  id: 5,
  state: 'available',
  releasedAt: '2026-11-27T10:00:00.000Z',
  releasedBy: 'sam',
  expiresAt: '2026-12-11T10:00:00.000Z',
  revokedAt: null,
  copiesDeletedAt: null,
  files: [{ id: 9, filename: 'car-park-14-05.mp4', sha256: HASH, sizeBytes: 52_428_800, downloads: 0 }],
  letter: { sha256: 'c'.repeat(64), sizeBytes: 24_576 },
  ...over,
});

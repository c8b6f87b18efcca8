import type { FastifyRequest } from 'fastify';
import { errorAnswer } from './error-answer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public reads a page drawn by the server makes in process (plugins/web-render.ts). */
    pageReads: PageReads;
  }
}

/** What a public read answers: the body its route would send, without the HTTP around it. */
export interface PageReadAnswer {
  status: number;
  contentType: string;
  body: string;
  /** The surrogate keys its route's reply carries (lib/cdn-keys.ts): the page is purged with them. */
  surrogateKeys: readonly string[];
  /** Seconds, on a refusal the visitor may try again after. */
  retryAfter?: string;
}

/**
 * A public GET that the server render reads in this process, for the visitor whose page it
 * draws: its route's limit, look-up and answer, without a request's parsing, hooks or reply
 * (issue 33: data loaded before the render, without emulating HTTP). It answers undefined for an
 * input its route would not take as it stands, which then goes through the route, whose
 * validation says why. It may throw as a handler does: the error is answered as the API's error
 * handler answers it.
 */
export type PageRead = (
  visitor: FastifyRequest,
  params: Readonly<Record<string, string>>,
) => Promise<PageReadAnswer | undefined>;

/** The type of every JSON answer, a route's or a page read's. */
export const JSON_TYPE = 'application/json; charset=utf-8';

interface Entry {
  pattern: RegExp;
  names: string[];
  read: PageRead;
}

/** The public reads the server render may make in process, by their route's path. */
export class PageReads {
  private readonly entries: Entry[] = [];

  /** `path` as the route's (`/api/stickers/search/:term`): each `:name` is one path segment. */
  add(path: string, read: PageRead): void {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.entries.push({ pattern: new RegExp(`^${source}$`), names, read });
  }

  /**
   * The answer to a GET of `pathname` (no query) for `visitor`, or undefined when no read here
   * answers it (or its input is for the route to judge): the caller then asks the route.
   */
  async answer(visitor: FastifyRequest, pathname: string): Promise<PageReadAnswer | undefined> {
    for (const { pattern, names, read } of this.entries) {
      const match = pattern.exec(pathname);
      if (!match) continue;
      const params: Record<string, string> = {};
      try {
        names.forEach((name, i) => {
          params[name] = decodeURIComponent(match[i + 1] ?? '');
        });
      } catch {
        return undefined;
      }
      try {
        return await read(visitor, params);
      } catch (error) {
        const answer = errorAnswer(error);
        if (answer.log) visitor.log[answer.log.level]({ err: error, read: pathname }, answer.log.message);
        return {
          status: answer.status,
          contentType: JSON_TYPE,
          body: JSON.stringify({ message: answer.message }),
          surrogateKeys: [],
          ...(answer.retryAfter === undefined ? {} : { retryAfter: answer.retryAfter }),
        };
      }
    }
    return undefined;
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

// The API's own document (/api/docs, OpenAPI) is what a developer calling the API reads: each call
// filed under its area, said in a line, with the reply it gives and the refusals it can answer.
interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  responses?: Record<string, unknown>;
}

let t: TestApp;
let operations: [string, Operation][];

beforeAll(async () => {
  t = await createTestApp();
  const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = doc.json().paths as Record<string, Record<string, Operation>>;
  operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      op,
    ]),
  );
});
afterAll(() => t.close());

describe('the API document', () => {
  it('files every call under one named area and says what it does', () => {
    expect(operations.length).toBeGreaterThan(80);
    const unfiled = operations.filter(([, op]) => op.tags?.length !== 1 || !op.tags[0]).map(([name]) => name);
    const unsaid = operations.filter(([, op]) => !op.summary?.trim()).map(([name]) => name);
    expect({ unfiled, unsaid }).toEqual({ unfiled: [], unsaid: [] });
  });

  // The resumable upload's three calls speak the tus protocol, whose replies are headers only.
  it('gives every call its success reply, but the tus upload calls', () => {
    const noReply = operations
      .filter(([, op]) => !Object.keys(op.responses ?? {}).some((s) => /^[23]\d\d$/.test(s)))
      .map(([name]) => name);
    expect(noReply).toEqual([
      'POST /api/requests/{id}/clips/uploads',
      'PATCH /api/requests/{id}/clips/uploads/{uploadId}',
      'DELETE /api/requests/{id}/clips/uploads/{uploadId}',
    ]);
  });

  // What a caller of the register's own calls is told to expect, status by status.
  it.each([
    ['GET /api/sites/company/{id}', '200 400 401 404'],
    ['GET /api/sites/user/{id}', '200 400 401 404'],
    ['GET /api/sites/{id}', '200 400 401 404'],
    ['POST /api/sites/add', '200 400 401 404'],
    ['POST /api/sites/{id}/confirm', '200 400 401 404'],
    ['PUT /api/sites/{id}', '200 400 401 404'],
    ['GET /api/stickers/siteid/{id}', '200 400 401 404 409'],
    ['GET /api/stickers/{id}', '200 400 401 404 409'],
    ['POST /api/stickers/signref', '200 400 429'],
    ['POST /api/stickers/site/signRef', '200 400 401 404 409 429'],
    ['POST /api/stickers/site/signRef/move', '200 400 401 403 404 409 429'],
    ['PUT /api/stickers/site/{id}', '200 400 401 404 409'],
    ['PUT /api/stickers/{id}', '200 400 401 404 409'],
    ['GET /api/contact/publication', '200 400 401 403 404'],
    ['PUT /api/contact/publication', '200 400 401 403 404'],
    ['DELETE /api/contact/publication/site/{id}', '200 400 401 403 404'],
    ['GET /api/public/sign/{signRef}', '200 404'],
    ['GET /api/lookup/search', '200 400 429'],
    ['GET /api/stickers/search/{term}', '200 404 429'],
    ['POST /api/search-records/add', '200 400 429'],
    ['GET /api/account', '200 400 401 404 409'],
    ['PUT /api/account', '200 400 401 404 409 429'],
    ['POST /api/account/password', '200 400 401 404 409 429'],
    ['POST /api/account/email/confirm', '200 400 409'],
    ['POST /api/account/email/cancel', '200 400 409'],
    ['GET /api/requests', '200 400 401 403 404 409 429'],
    ['POST /api/requests/{id}/actions', '200 400 401 403 404 409 429'],
    ['POST /api/signs/{signRef}/contact', '200 400 401 403 404 409 429'],
    ['POST /api/requests/visitor/{reference}/actions', '200 400 401 403 404 409 429'],
    ['POST /api/signs/{signRef}/official', '200 400 401 403 404 409 429'],
  ])('documents %s answering %s', (name, statuses) => {
    const op = operations.find(([n]) => n === name)?.[1];
    expect(Object.keys(op?.responses ?? {}).join(' ')).toBe(statuses);
  });

  // The rules a caller of the public look-up meets, said where the caller reads them.
  it.each([
    [
      'GET /api/stickers/search/{term}',
      '`registered: false` (and `scheme: null`) when the sticker exists but no operator has registered it.',
    ],
    ['GET /api/lookup/search', '20 results a page, at most 5 pages.'],
    [
      'POST /api/search-records/add',
      'With `stickerId`, the term must find that sign (as the look-up does), else 400; one look-up per client ' +
        'address per sign per hour is counted, repeats are answered 200 and not counted.',
    ],
    [
      'POST /api/signs/{signRef}/official',
      'Parts as the contact form takes them: `data` (JSON, officialRequestBody) and, for an insurer or a solicitor, one `uploadFile`: the client’s authority, a PDF or JPEG of at most 10 MB. The requester gets a reference and a private link by mail.',
    ],
  ])('tells the caller of %s: %s', (name, description) => {
    expect(operations.find(([n]) => n === name)?.[1].description).toBe(description);
  });
});

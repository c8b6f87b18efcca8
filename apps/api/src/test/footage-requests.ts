import { expect } from 'vitest';
import { call, outboxFor, type Registered } from './accounts';
import type { TestApp } from './test-app';

const DAY = 86_400_000;

/** A footage request as its visitor knows it (reference, private link's secret, address) and its id on the desk. */
export interface FootageRequest {
  id: number;
  reference: string;
  secret: string;
  email: string;
}

/**
 * A visitor asks the operator's sign for footage of two days ago, a copy wanted: the request, with
 * the secret of its private link read from the acknowledgement mailed to `email`.
 */
export async function footageRequest(
  t: TestApp,
  operator: Registered,
  email: string,
  name = 'Sam Walker',
): Promise<FootageRequest> {
  const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, {
    body: {
      name,
      email,
      kind: 'footage',
      footageDate: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10),
      timeFrom: '14:00',
      timeTo: '14:30',
      location: 'By the pay machine',
      camera: 'Entrance camera',
      description: 'Red coat',
      preferredForm: 'copy',
    },
  });
  expect(res.statusCode).toBe(200);
  const reference = String(res.json().reference);
  const ack = (await outboxFor(t.db, email)).find((m) => m.text_body.includes(`/request/${reference}#`));
  const secret = new RegExp(`/request/${reference}#(\\S+)`).exec(ack?.text_body ?? '')?.[1] ?? '';
  expect(secret).not.toBe('');
  const { id } = await t.db.one<{ id: number }>('select id from relay_requests where reference = $1', [
    reference,
  ]);
  return { id, reference, secret, email };
}

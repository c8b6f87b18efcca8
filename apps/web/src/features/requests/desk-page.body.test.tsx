import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeToken } from '../../test/render-shell';
import { daysFromToday, type Reply, renderRequests, stubFetch } from './test-support';

// "Who is told of new requests": the ids sent, for a choice that leaves the colleague out and
// the owner too; and a refusal, shown in an alert that takes focus.

const wait = { timeout: 5000 };
const users = [
  { id: 7, userName: 'owner', masterUser: true, notified: true },
  { id: 8, userName: 'colleague', masterUser: false, notified: true },
];

async function openNotify(reply: Reply) {
  localStorage.setItem('token', fakeToken(3600, 7));
  localStorage.setItem('userId', '7');
  localStorage.setItem('masterUser', JSON.stringify(true));
  const calls = stubFetch({
    '/api/requests?filter=open': { status: 200, body: { requests: [], today: daysFromToday(0) } },
    'GET /api/requests/notify': { status: 200, body: { users } },
    'PUT /api/requests/notify': reply,
  });
  renderRequests('/requests');
  const section = (await screen.findByRole('heading', { name: 'Who is told of new requests' }, wait))
    .parentElement as HTMLElement;
  await within(section).findByRole('checkbox', { name: 'owner (master user)' });
  const put = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
  return { user: userEvent.setup(), section, put };
}

describe('who is told of new requests', () => {
  afterEach(() => localStorage.clear());

  it('unticking both sends an empty list', async () => {
    const { user, section, put } = await openNotify({
      status: 200,
      body: { users: users.map((u) => ({ ...u, notified: false })) },
    });
    await user.click(within(section).getByRole('checkbox', { name: 'owner (master user)' }));
    await user.click(within(section).getByRole('checkbox', { name: 'colleague' }));
    await user.click(within(section).getByRole('button', { name: 'Save who is told' }));
    expect((await within(section).findByRole('status')).textContent).toBe(
      'Saved: 0 of your users will be told of new requests.',
    );
    expect(put()).toEqual([{ userIds: [] }]);
  });

  it.each([
    [403, 'You do not have permission to do that.', { message: 'You do not have permission to do that.' }],
    [500, 'That did not work. Please try again.', 'Internal Server Error'],
  ] as const)('a %i: "%s" in an alert that takes focus', async (status, shown, body) => {
    const { user, section, put } = await openNotify({ status, body });
    await user.click(within(section).getByRole('checkbox', { name: 'colleague' }));
    await user.click(within(section).getByRole('button', { name: 'Save who is told' }));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe(shown);
    await expect.poll(() => document.activeElement).toBe(alert);
    expect(put()).toEqual([{ userIds: [7] }]);
  });
});

import type { ThirdPartyView } from '@app/contract/requests-third-party';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeToken } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { deskRequest, renderRequests, stubFetch } from './test-support';

const wait = { timeout: 5000 };

function signIn(master: boolean) {
  localStorage.setItem('token', fakeToken(3600, 7));
  localStorage.setItem('userId', '7');
  localStorage.setItem('masterUser', JSON.stringify(master));
}

const view: ThirdPartyView = {
  requester: 'police',
  details: [
    { label: 'Force', value: 'West Yorkshire Police' },
    { label: 'Crime reference', value: '13/120345/26' },
  ],
  basis: 'crime',
  decision: null,
  handedOver: null,
};

async function open(master: boolean) {
  signIn(master);
  const calls = stubFetch({
    '/api/requests/12': {
      status: 200,
      body: deskRequest({ kind: 'third_party', visitorName: 'PC Dana Wells', overwrite: null }),
    },
    'GET /api/requests/12/third-party': { status: 200, body: view },
    'POST /api/requests/12/third-party/decision': {
      status: 200,
      body: {
        ...view,
        decision: {
          decision: 'decline',
          basis: 'crime',
          reasons: ['too_broad'],
          reasonsText: 'x',
          at: '2026-11-27T10:00:00.000Z',
          by: 'op',
        },
      },
    },
  });
  renderRequests('/requests/12');
  const panel = (await screen.findByRole('heading', { level: 2, name: 'The police' }, wait))
    .parentElement as HTMLElement;
  const posted = () => calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));
  return { user: userEvent.setup(), panel, posted };
}

describe('a police request on the operator’s page', () => {
  beforeEach(() => setScreenWidth(375));
  afterEach(() => localStorage.clear());

  it('shows what the officer gave and sends the master user’s decision, basis and reasons whole', async () => {
    const { user, panel, posted } = await open(true);
    expect(within(panel).getByText('13/120345/26')).toBeTruthy();
    const decide = within(panel).getByRole('form', { name: 'Decide' });
    await user.click(within(decide).getByRole('radio', { name: 'Decline' }));
    // DPA 2018 Schedule 2 paragraph 2 is the basis a police request points to: chosen already.
    expect(within(decide).getByRole('radio', { name: /paragraph 2\)$/ })).toHaveProperty('checked', true);
    await user.click(
      within(decide).getByRole('checkbox', { name: 'The request is too broad or not specific enough' }),
    );
    await user.click(
      within(decide).getByRole('checkbox', { name: 'Not authorised at inspector rank or above' }),
    );
    await user.type(
      within(decide).getByLabelText(/^Why, in your own words/),
      'Authorised by a sergeant only.',
    );
    await user.click(within(decide).getByRole('button', { name: 'Record the decision' }));
    expect(await screen.findByText('Declined: the requester has been told.')).toBeTruthy();
    expect(posted()).toEqual([
      {
        path: '/api/requests/12/third-party/decision',
        body: {
          decision: 'decline',
          basis: 'crime',
          reasons: ['too_broad', 'not_authorised'],
          reasonsText: 'Authorised by a sergeant only.',
        },
      },
    ]);
  });

  it('asks for reasons of at least 20 characters before sending anything', async () => {
    const { user, panel, posted } = await open(true);
    const decide = within(panel).getByRole('form', { name: 'Decide' });
    await user.click(within(decide).getByRole('radio', { name: 'Disclose the footage' }));
    await user.type(within(decide).getByLabelText(/^Why, in your own words/), 'Fine.');
    await user.click(within(decide).getByRole('button', { name: 'Record the decision' }));
    const summary = await within(decide).findByRole('alert');
    expect(summary.textContent).toContain('Choose at least one reason.');
    expect(summary.textContent).toContain('Write why, in at least 20 characters: it is the record.');
    expect(posted()).toEqual([]);
  });

  it('leaves the decision to a master user', async () => {
    const { panel } = await open(false);
    expect(within(panel).queryByRole('form', { name: 'Decide' })).toBeNull();
    expect(
      within(panel).getByText('A master user of your company decides whether to disclose.'),
    ).toBeTruthy();
  });
});

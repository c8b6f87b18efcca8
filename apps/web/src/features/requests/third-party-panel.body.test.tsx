import type { ThirdPartyView } from '@app/contract/requests-third-party';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeToken } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { deskRequest, type Reply, renderRequests, stubFetch } from './test-support';

// The operator's two forms on a police, insurer or solicitor request: the decision (disclose or
// decline, each with its own reasons) and the hand-over outside the product. Each sends one body,
// checked whole; each refusal the API can answer is shown in the form's summary, which takes focus.

const wait = { timeout: 5000 };
const decisionPath = '/api/requests/12/third-party/decision';
const handedPath = '/api/requests/12/third-party/handed-over';

const undecided: ThirdPartyView = {
  requester: 'solicitor',
  details: [
    { label: 'Firm', value: 'Shah & Co Solicitors' },
    { label: 'Claim or case reference', value: 'SC/2211' },
  ],
  basis: 'legal_claims',
  decision: null,
  handedOver: null,
};
const disclosed: ThirdPartyView = {
  ...undecided,
  decision: {
    decision: 'disclose',
    basis: 'legal_claims',
    reasons: ['specific'],
    reasonsText: 'The claim is specific and the authority was shown.',
    at: '2026-11-27T10:00:00.000Z',
    by: 'operator',
  },
};

async function open(view: ThirdPartyView, replies: Record<string, Reply> = {}) {
  localStorage.setItem('token', fakeToken(3600, 7));
  localStorage.setItem('userId', '7');
  localStorage.setItem('masterUser', JSON.stringify(true));
  const calls = stubFetch({
    '/api/requests/12': {
      status: 200,
      body: deskRequest({ kind: 'third_party', visitorName: 'Priya Shah', overwrite: null }),
    },
    'GET /api/requests/12/third-party': { status: 200, body: view },
    ...replies,
  });
  renderRequests('/requests/12');
  const panel = (await screen.findByRole('heading', { level: 2, name: 'A solicitor' }, wait))
    .parentElement as HTMLElement;
  const posted = () => calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));
  return { user: userEvent.setup(), panel, posted };
}

describe('the decision on a third party’s request', () => {
  beforeEach(() => setScreenWidth(375));
  afterEach(() => localStorage.clear());

  it('disclose: sends the basis chosen and only the reasons of a disclosure, whole', async () => {
    const { user, panel, posted } = await open(undecided, {
      [`POST ${decisionPath}`]: { status: 200, body: disclosed },
    });
    const decide = within(panel).getByRole('form', { name: 'Decide' });
    // A reason ticked for a decline is not carried over when the decision changes.
    await user.click(within(decide).getByRole('radio', { name: 'Decline' }));
    await user.click(within(decide).getByRole('checkbox', { name: /too broad/ }));
    await user.click(within(decide).getByRole('radio', { name: 'Disclose the footage' }));
    expect(within(decide).queryByRole('checkbox', { name: /too broad/ })).toBeNull();
    await user.click(within(decide).getByRole('radio', { name: /paragraph 5\(2\)\)$/ }));
    await user.click(within(decide).getByRole('checkbox', { name: /^The request is specific/ }));
    await user.click(within(decide).getByRole('checkbox', { name: /signed authority was provided/ }));
    await user.click(within(decide).getByRole('checkbox', { name: /^Only the footage needed/ }));
    await user.type(
      within(decide).getByLabelText(/^Why, in your own words/),
      '  A court order names this footage.  ',
    );
    await user.click(within(decide).getByRole('button', { name: 'Record the decision' }));

    expect(await screen.findByText('Decision recorded.', {}, wait)).toBeTruthy();
    expect(posted()).toEqual([
      {
        path: decisionPath,
        body: {
          decision: 'disclose',
          basis: 'required_by_law',
          reasons: ['specific', 'authority_shown', 'minimised'],
          reasonsText: 'A court order names this footage.',
        },
      },
    ]);
  });

  it.each([
    [409, 'This request has been decided already.', { message: 'This request has been decided already.' }],
    [
      409,
      'This request is no longer open: it cannot be decided.',
      { message: 'This request is no longer open: it cannot be decided.' },
    ],
    [
      400,
      'Choose reasons for the decision to decline.',
      { message: 'Choose reasons for the decision to decline.' },
    ],
    [500, 'That did not work. Please try again.', 'Internal Server Error'],
  ] as const)(
    'a %i, "%s", is shown in the summary, which takes focus; what was chosen stays',
    async (status, shown, body) => {
      const { user, panel, posted } = await open(undecided, { [`POST ${decisionPath}`]: { status, body } });
      const decide = within(panel).getByRole('form', { name: 'Decide' });
      await user.click(within(decide).getByRole('radio', { name: 'Decline' }));
      await user.click(within(decide).getByRole('checkbox', { name: /^No footage of the incident/ }));
      await user.type(
        within(decide).getByLabelText(/^Why, in your own words/),
        'The recorder had overwritten it.',
      );
      await user.click(within(decide).getByRole('button', { name: 'Record the decision' }));

      const summary = await within(decide).findByRole('alert', { name: 'There is a problem' }, wait);
      expect(summary.textContent).toContain(shown);
      await expect.poll(() => document.activeElement).toBe(summary);
      expect(within(decide).getByRole('checkbox', { name: /^No footage of the incident/ })).toHaveProperty(
        'checked',
        true,
      );
      expect(posted()).toEqual([
        {
          path: decisionPath,
          body: {
            decision: 'decline',
            basis: 'legal_claims',
            reasons: ['no_footage'],
            reasonsText: 'The recorder had overwritten it.',
          },
        },
      ]);
    },
  );
});

describe('recording a hand-over outside the product', () => {
  beforeEach(() => setScreenWidth(375));
  afterEach(() => localStorage.clear());

  async function fillHandOver(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
    await user.type(within(form).getByLabelText(/^What was handed over/), 'Camera 3, 08:30 to 08:50');
    await user.type(within(form).getByLabelText(/^Date/), '2026-11-27');
    await user.type(within(form).getByLabelText(/^Time/), '15:30');
    await user.type(within(form).getByLabelText(/^To whom/), 'Priya Shah, Shah & Co');
    await user.type(within(form).getByLabelText(/^How/), 'A disc collected in person');
  }

  it('sends what, when (the date and time as one), to whom and how, whole', async () => {
    const { user, panel, posted } = await open(disclosed, {
      [`POST ${handedPath}`]: {
        status: 200,
        body: {
          ...disclosed,
          handedOver: {
            what: 'Camera 3, 08:30 to 08:50',
            when: '2026-11-27T15:30',
            toWhom: 'Priya Shah, Shah & Co',
            how: 'A disc collected in person',
            at: '2026-11-27T15:31:00.000Z',
          },
        },
      },
    });
    const form = within(panel).getByRole('form', { name: 'Recorded as handed over outside the product' });
    await fillHandOver(user, form);
    await user.click(within(form).getByRole('button', { name: 'Record the hand-over' }));

    expect(await screen.findByText('Recorded as handed over.', {}, wait)).toBeTruthy();
    expect(posted()).toEqual([
      {
        path: handedPath,
        body: {
          what: 'Camera 3, 08:30 to 08:50',
          when: '2026-11-27T15:30',
          toWhom: 'Priya Shah, Shah & Co',
          how: 'A disc collected in person',
        },
      },
    ]);
  });

  it('with no time: the problem is the Time field’s, in a summary in focus, and nothing is sent', async () => {
    const { user, panel, posted } = await open(disclosed);
    const form = within(panel).getByRole('form', { name: 'Recorded as handed over outside the product' });
    await user.type(within(form).getByLabelText(/^What was handed over/), 'Camera 3');
    await user.type(within(form).getByLabelText(/^Date/), '2026-11-27');
    await user.type(within(form).getByLabelText(/^To whom/), 'Priya Shah');
    await user.type(within(form).getByLabelText(/^How/), 'By hand');
    await user.click(within(form).getByRole('button', { name: 'Record the hand-over' }));
    const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
    await expect.poll(() => document.activeElement).toBe(summary);
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#handed-time']);
    expect(summary.textContent).toContain('Enter the date and time it was handed over.');
    expect(posted()).toEqual([]);
  });

  it.each([
    [
      409,
      'The hand-over has been recorded already.',
      { message: 'The hand-over has been recorded already.' },
    ],
    [
      409,
      'Record the decision to disclose, with its reasons, first.',
      { message: 'Record the decision to disclose, with its reasons, first.' },
    ],
    [502, 'That did not work. Please try again.', 'Bad gateway'],
  ] as const)('a %i, "%s", is shown in the summary, which takes focus', async (status, shown, body) => {
    const { user, panel } = await open(disclosed, { [`POST ${handedPath}`]: { status, body } });
    const form = within(panel).getByRole('form', { name: 'Recorded as handed over outside the product' });
    await fillHandOver(user, form);
    await user.click(within(form).getByRole('button', { name: 'Record the hand-over' }));
    const summary = await within(form).findByRole('alert', { name: 'There is a problem' }, wait);
    expect(summary.textContent).toContain(shown);
    await expect.poll(() => document.activeElement).toBe(summary);
    expect((within(form).getByLabelText(/^To whom/) as HTMLInputElement).value).toBe('Priya Shah, Shah & Co');
  });
});

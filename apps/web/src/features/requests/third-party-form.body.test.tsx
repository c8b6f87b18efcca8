import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setScreenWidth } from '../../test/screen-width';
import { type Reply, renderRequests, stubFetch } from './test-support';

// The form for the police, insurers and solicitors: every part of the multipart body, for each
// kind of requester, and each refusal the API can answer, shown in the summary that takes focus.

const path = '/api/signs/DEMO-0002-SIGN/official';
const sentReply: Reply = { status: 200, body: { reference: 'R-7KX4-M2QD', message: 'Sent' } };

async function openForm(reply: Reply = sentReply) {
  setScreenWidth(375);
  const calls = stubFetch({ [`POST ${path}`]: reply });
  renderRequests('/sign/DEMO-0002-SIGN/official');
  const form = await screen.findByRole('form', { name: 'Ask for footage' }, { timeout: 5000 });
  /** Every part of each POST by name, a file by its name and type: so a stray or misnamed part shows. */
  const parts = () =>
    calls
      .filter((c) => c.path === path)
      .map((c) =>
        [...(c.body as FormData).entries()].map(([name, value]) =>
          typeof value === 'string'
            ? [name, JSON.parse(value)]
            : [name, { file: value.name, type: value.type }],
        ),
      );
  return { user: userEvent.setup(), form, parts };
}

const box = (form: HTMLElement, name: RegExp) => within(form).getByLabelText(name);

async function fillPolice(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(box(form, /^Officer's name/), 'PC Dana Reid');
  await user.type(box(form, /^Collar number/), '4471');
  await user.type(box(form, /^Force/), 'Avon and Somerset Constabulary');
  await user.type(box(form, /^Station/), 'Bristol Central');
  await user.type(box(form, /^Work e-mail/), 'dana.reid@avonandsomerset.police.uk');
  await user.type(box(form, /^Crime reference/), '5224/0131/26');
  await user.type(box(form, /^Offence/), 'Theft from a motor vehicle');
  await user.type(box(form, /^Date of the incident/), '2026-11-20');
  await user.type(box(form, /^Time/), '21:15');
  await user.type(box(form, /^Where it happened/), 'Level 2, near the lifts');
  await user.type(box(form, /^Authorising officer's name/), 'Jo Marsh');
  await user.selectOptions(box(form, /^Authorising officer's rank/), 'superintendent');
  await user.type(box(form, /^The footage you need/), 'Level 2 cameras, 21:00 to 21:30.');
}

const policeData = {
  requester: 'police',
  name: 'PC Dana Reid',
  collarNumber: '4471',
  force: 'Avon and Somerset Constabulary',
  station: 'Bristol Central',
  email: 'dana.reid@avonandsomerset.police.uk',
  crimeReference: '5224/0131/26',
  offence: 'Theft from a motor vehicle',
  incidentDate: '2026-11-20',
  incidentTime: '21:15',
  incidentPlace: 'Level 2, near the lifts',
  authorisingName: 'Jo Marsh',
  authorisingRank: 'superintendent',
  message: 'Level 2 cameras, 21:00 to 21:30.',
};

describe('what the form sends, part by part', () => {
  it('the police: one data part and no file, even after a file was chosen as an insurer', async () => {
    const { user, form, parts } = await openForm();
    // A file chosen while "An insurer" was picked is not sent once the police are chosen again.
    await user.click(within(form).getByRole('radio', { name: 'An insurer' }));
    await user.upload(
      box(form, /^Your client’s authority/),
      new File(['%PDF-1.4'], 'authority.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(form).getByRole('radio', { name: 'The police' }));
    await fillPolice(user, form);
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));

    await screen.findByRole('status');
    expect(parts()).toEqual([[['data', policeData]]]);
  });

  it('an insurer with no date of the incident: the date is left out, the place sent, the JPEG as uploadFile', async () => {
    const { user, form, parts } = await openForm();
    await user.click(within(form).getByRole('radio', { name: 'An insurer' }));
    await user.type(box(form, /^Your name/), 'Tom Reeve');
    await user.type(box(form, /^Firm/), 'Harbour Mutual Insurance');
    await user.type(box(form, /^Your e-mail/), 'claims@harbourmutual.example');
    await user.type(box(form, /^Claim or case reference/), 'HM-88120');
    await user.click(within(form).getByRole('radio', { name: /paragraph 5\(3\)/ }));
    await user.type(box(form, /^Where it happened/), 'Entrance barrier');
    await user.type(box(form, /^The footage you need/), 'The barrier camera, 08:30 to 08:50.');
    await user.upload(
      box(form, /^Your client’s authority/),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'signed.jpg', { type: 'image/jpeg' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));

    await screen.findByRole('status');
    expect(parts()).toEqual([
      [
        [
          'data',
          {
            requester: 'insurer',
            name: 'Tom Reeve',
            firm: 'Harbour Mutual Insurance',
            email: 'claims@harbourmutual.example',
            caseReference: 'HM-88120',
            legalBasis: 'legal_claims',
            incidentPlace: 'Entrance barrier',
            message: 'The barrier camera, 08:30 to 08:50.',
          },
        ],
        ['uploadFile', { file: 'signed.jpg', type: 'image/jpeg' }],
      ],
    ]);
  });

  it('a solicitor’s authority over 10 MB is refused at its field before anything is sent', async () => {
    const { user, form, parts } = await openForm();
    await user.click(within(form).getByRole('radio', { name: 'A solicitor' }));
    const big = new File(['%PDF-1.4'], 'bundle.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(box(form, /^Your client’s authority/), big);
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
    const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain('"bundle.pdf" is larger than 10 MB. Please attach a smaller file.');
    await expect.poll(() => document.activeElement).toBe(summary);
    expect(box(form, /^Your client’s authority/).getAttribute('aria-invalid')).toBe('true');
    expect(parts()).toEqual([]);
  });
});

describe('when the API refuses', () => {
  it.each([
    [400, 'Enter the crime reference.', { message: 'Enter the crime reference.' }],
    [404, 'Not found', { message: 'Not found' }],
    [
      429,
      'Too many attempts. Please wait a minute and try again.',
      { message: 'Too many attempts. Please wait a minute and try again.' },
    ],
    [500, 'Your request could not be sent. Please try again.', 'Internal Server Error'],
  ] as const)(
    'a %i: "%s" in the summary, which takes focus, and what was typed stays',
    async (status, shown, body) => {
      const { user, form, parts } = await openForm({ status, body });
      await fillPolice(user, form);
      await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));

      const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
      expect(summary.textContent).toContain(shown);
      await expect.poll(() => document.activeElement).toBe(summary);
      expect((box(form, /^Crime reference/) as HTMLInputElement).value).toBe('5224/0131/26');
      expect(within(form).getByRole('button', { name: 'Send to the operator' })).toHaveProperty(
        'disabled',
        false,
      );
      expect(parts()).toEqual([[['data', policeData]]]);
    },
  );

  it('no connection: says it could not be sent, in focus', async () => {
    const { user, form } = await openForm();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await fillPolice(user, form);
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
    const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain('Your request could not be sent. Please try again.');
    await expect.poll(() => document.activeElement).toBe(summary);
  });
});

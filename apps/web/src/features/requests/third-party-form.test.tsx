import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setScreenWidth } from '../../test/screen-width';
import { renderRequests, stubFetch } from './test-support';

const path = '/api/signs/DEMO-0002-SIGN/official';

async function openForm() {
  setScreenWidth(375);
  const calls = stubFetch({
    [`POST ${path}`]: { status: 200, body: { reference: 'R-7KX4-M2QD', message: 'Sent' } },
  });
  renderRequests('/sign/DEMO-0002-SIGN/official');
  const form = await screen.findByRole('form', { name: 'Ask for footage' }, { timeout: 5000 });
  const user = userEvent.setup();
  const sent = () =>
    calls
      .filter((c) => c.path === path)
      .map((c) => {
        const body = c.body as FormData;
        return { data: JSON.parse(String(body.get('data'))), file: body.get('uploadFile') };
      });
  return { user, form, sent };
}

const box = (form: HTMLElement, name: RegExp) => within(form).getByLabelText(name);

describe('the form for the police, insurers and solicitors', () => {
  it('sends a police request with every field the police give, and shows the reference', async () => {
    const { user, form, sent } = await openForm();
    expect(within(form).getByRole('radio', { name: 'The police' })).toHaveProperty('checked', true);
    // The rank must be inspector or above (as on the forces' own forms), and the form says so.
    expect(form.textContent).toContain(
      'The request must be authorised by an officer of inspector rank or above.',
    );
    // The law permits, it does not oblige: DPA 2018 Schedule 2 paragraph 2, and paragraph 5.
    expect(form.textContent).toContain('Data Protection Act 2018, Schedule 2, paragraph 2');
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
    const ranks = box(form, /^Authorising officer's rank/);
    expect(
      within(ranks)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Inspector');
    expect(within(ranks).queryByRole('option', { name: 'Sergeant' })).toBeNull();
    await user.selectOptions(ranks, 'chief_inspector');
    await user.type(box(form, /^The footage you need/), 'Level 2 cameras, 21:00 to 21:30.');
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));

    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Your reference is R-7KX4-M2QD.');
    expect(sent()).toEqual([
      {
        data: {
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
          authorisingRank: 'chief_inspector',
          message: 'Level 2 cameras, 21:00 to 21:30.',
        },
        file: null,
      },
    ]);
  });

  it('lists every problem in a summary and sends nothing', async () => {
    const { user, form, sent } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
    const summary = await within(form).findByRole('alert');
    expect(summary.textContent).toContain("Enter the officer's name.");
    expect(summary.textContent).toContain('Enter the crime reference.');
    expect(summary.textContent).toContain('Choose the authorising officer’s rank: inspector or above.');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(sent()).toEqual([]);
  });

  it.each([
    ['A solicitor', 'solicitor', 'Shah & Co Solicitors', 'legal_claims'],
    ['An insurer', 'insurer', 'Harbour Mutual Insurance', 'required_by_law'],
  ] as const)(
    'sends %s’s request with the client’s authority as the file',
    async (label, requester, firm, basis) => {
      const { user, form, sent } = await openForm();
      await user.click(within(form).getByRole('radio', { name: label }));
      expect(within(form).queryByLabelText(/^Collar number/)).toBeNull();
      await user.type(box(form, /^Your name/), 'Priya Shah');
      await user.type(box(form, /^Firm/), firm);
      await user.type(box(form, /^Your e-mail/), 'priya@example.com');
      await user.type(box(form, /^Claim or case reference/), 'SC/2211');
      await user.click(
        within(form).getByRole('radio', {
          name: basis === 'legal_claims' ? /paragraph 5\(3\)/ : /paragraph 5\(2\)/,
        }),
      );
      await user.type(box(form, /^Date of the incident/), '2026-11-18');
      await user.type(
        box(form, /^The footage you need/),
        'The collision at the entrance barrier, about 08:40.',
      );
      // Without the authority the form says so and sends nothing.
      await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
      expect((await within(form).findByRole('alert')).textContent).toContain(
        "Attach your client's signed authority: a PDF or a JPEG photo.",
      );
      expect(sent()).toEqual([]);
      const authority = new File(['%PDF-1.4 authority'], 'authority.pdf', { type: 'application/pdf' });
      await user.upload(box(form, /^Your client’s authority/), authority);
      await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
      await screen.findByRole('status');
      const [call] = sent();
      expect(call?.data).toEqual({
        requester,
        name: 'Priya Shah',
        firm,
        email: 'priya@example.com',
        caseReference: 'SC/2211',
        legalBasis: basis,
        incidentDate: '2026-11-18',
        incidentPlace: '',
        message: 'The collision at the entrance barrier, about 08:40.',
      });
      const attached = call?.file;
      expect(attached).toBeInstanceOf(File);
      expect(attached instanceof File && attached.name).toBe('authority.pdf');
    },
  );
});

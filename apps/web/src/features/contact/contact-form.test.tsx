import { type BrandConfig, brandById, brands } from '@app/brands';
import { contactFieldLabels, contactFieldNames, contactMessages } from '@app/contract/contact';
import { messages } from '@app/contract/messages';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { ContactForm, contactFieldSpecs } from './contact-form';

function renderForm(brand: BrandConfig) {
  render(
    <BrandProvider brand={brand}>
      <ContactForm brand={brand} />
    </BrandProvider>,
  );
  return { user: userEvent.setup() };
}

interface SentForm {
  url: string;
  data: Record<string, string>;
  files: File[];
}

/** Stubs fetch with one answer for POST /api/contact-us and records what the form sent. */
function stubSend(answer: () => Response) {
  const sent: SentForm[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body as FormData;
      sent.push({
        url: String(input),
        data: JSON.parse(String(body.get('data'))),
        files: body.getAll('uploadFile') as File[],
      });
      return answer();
    }),
  );
  return sent;
}

const jpeg = (name = 'photo.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])], name, {
    type: 'image/jpeg',
  });
const windowsProgram = (name: string) =>
  new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], name, { type: 'application/pdf' });

const signs = brandById('signs');

const fieldValue = (element: HTMLElement) => (element as HTMLInputElement).value;

/** The text of the elements named by aria-describedby: what a screen reader adds after the label. */
function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

async function fillSigns(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'First Name': 'Grace',
    'Last Name': 'Hopper',
    Email: 'grace@example.com',
    'Confirm Email': 'grace@example.com',
    Subject: 'Moving a sign',
    Message: 'How do I move my sign to a new site?',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(new RegExp(`^${label}\\b`));
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

describe('ContactForm', () => {
  describe.each(brands.map((b) => [b.id, b] as const))('%s', (_id, brand) => {
    it("shows exactly the brand's fields, marking the required ones", () => {
      renderForm(brand);
      const rules = brand.contactUsDetails.fields;
      for (const name of contactFieldNames) {
        const rule = rules[name];
        const label = contactFieldLabels[name];
        if (name === 'enduserTrade') {
          const group = screen.queryByRole('group', { name: new RegExp(`^${label}`) });
          expect(group !== null, name).toBe(rule !== undefined);
          continue;
        }
        const field = screen.queryByLabelText(new RegExp(`^${label}( \\*)? \\((required|optional)\\)$`));
        expect(field !== null, `${brand.id} ${name}`).toBe(rule !== undefined);
        if (!field || !rule) continue;
        const labelText = document.querySelector(`label[for="${field.id}"]`)?.textContent ?? '';
        expect(labelText, name).toContain(rule === 'required' ? '(required)' : '(optional)');
      }
    });

    it('lists every missing required field at its field and in a summary that takes focus', async () => {
      const { user } = renderForm(brand);
      const send = stubSend(() => Response.json({}));
      await user.click(screen.getByRole('button', { name: 'Send message' }));

      const summary = screen.getByRole('alert', { name: 'There is a problem' });
      expect(document.activeElement).toBe(summary);
      const required = contactFieldSpecs(brand.contactUsDetails.fields).filter((f) => f.required);
      expect(
        within(summary)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(required.map((f) => contactMessages.requiredField(f.label)));
      for (const spec of required.filter((f) => f.kind !== 'radio')) {
        const field = screen.getByLabelText(new RegExp(`^${spec.label}\\b`));
        expect(field.getAttribute('aria-invalid')).toBe('true');
        expect(descriptionOf(field)).toContain(contactMessages.requiredField(spec.label));
      }
      expect(send).toEqual([]);
    });
  });

  it('signs: both e-mail fields are required and must match; what was typed is kept', async () => {
    const { user } = renderForm(signs);
    const send = stubSend(() => Response.json({}));
    await fillSigns(user, { 'Confirm Email': 'grace@example.org' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByRole('alert').textContent).toContain(messages.signUp.emailsDoNotMatch);
    expect(descriptionOf(screen.getByLabelText(/^Confirm Email/))).toContain(
      messages.signUp.emailsDoNotMatch,
    );
    expect(fieldValue(screen.getByLabelText(/^Message/))).toBe('How do I move my sign to a new site?');
    expect(send).toEqual([]);
  });

  it('sends the fields as JSON in `data` with the file as `uploadFile`, then shows the reference', async () => {
    const { user } = renderForm(signs);
    const send = stubSend(() =>
      Response.json({ message: contactMessages.sent('C-000042'), reference: 'C-000042' }),
    );
    await fillSigns(user);
    await user.upload(screen.getByLabelText(/^Attachment/), jpeg());
    expect(screen.getByRole('list', { name: 'Files to send' }).textContent).toContain('photo.jpg');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Message sent');
    expect(status.textContent).toContain(contactMessages.sent('C-000042'));
    expect(document.activeElement).toBe(status);
    expect(send).toHaveLength(1);
    expect(send[0]?.url).toBe('/api/contact-us');
    expect(send[0]?.data).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      companyName: '',
      email: 'grace@example.com',
      confirmEmail: 'grace@example.com',
      mobilePhone: '',
      subject: 'Moving a sign',
      message: 'How do I move my sign to a new site?',
    });
    expect(send[0]?.files.map((f) => f.name)).toEqual(['photo.jpg']);

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(fieldValue(screen.getByLabelText(/^First Name/))).toBe('');
  });

  it('refuses a program renamed to .pdf before sending, and says why', async () => {
    const { user } = renderForm(signs);
    const send = stubSend(() => Response.json({}));
    const input = screen.getByLabelText(/^Attachment/);
    await user.upload(input, windowsProgram('invoice.pdf'));

    expect((await screen.findByRole('alert')).textContent).toBe(
      `Error: ${contactMessages.fileType('invoice.pdf')}`,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    await fillSigns(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain(contactMessages.fileType('invoice.pdf'));
    expect(send).toEqual([]);
  });

  it('refuses a file over 10 MB and a fourth file', async () => {
    const { user } = renderForm(signs);
    const input = screen.getByLabelText(/^Attachment/);
    const big = jpeg('big.jpg');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect((await screen.findByRole('alert')).textContent).toContain(contactMessages.fileTooLarge('big.jpg'));

    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg'), jpeg('d.jpg')]);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(contactMessages.tooManyFiles),
    );
    const list = screen.getByRole('list', { name: 'Files to send' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('a.jpg'),
      expect.stringContaining('b.jpg'),
      expect.stringContaining('c.jpg'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it.each([
    [400, contactMessages.fileTooLarge('plan.pdf')],
    [429, messages.server.rateLimited],
  ])('shows the server’s %i message and keeps what was typed', async (status, message) => {
    const { user } = renderForm(signs);
    stubSend(() => Response.json({ message }, { status }));
    await fillSigns(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(document.activeElement).toBe(alert);
    expect(fieldValue(screen.getByLabelText(/^Subject/))).toBe('Moving a sign');
  });

  it('says the message could not be sent when the server cannot be reached', async () => {
    const { user } = renderForm(signs);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await fillSigns(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toContain(contactMessages.sendFailed);
  });

  it('DVR: end user or trade is a radio group and the attention list has the five departments', async () => {
    const dvr = brandById('dvr');
    const { user } = renderForm(dvr);
    const group = screen.getByRole('group', { name: /^End user or trade/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Enduser', 'Trade']);
    await user.click(within(group).getByRole('radio', { name: 'Trade' }));
    expect((within(group).getByRole('radio', { name: 'Trade' }) as HTMLInputElement).checked).toBe(true);
    const select = screen.getByLabelText(/^For the attention of/);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Sales', 'Support', 'Accounts', 'Director', 'Buyer']);
  });

  it('ANPR: no attachment field', () => {
    renderForm(brandById('anpr'));
    expect(screen.queryByLabelText(/^Attachment/)).toBeNull();
  });

  it('gives every contact field a place on the form', () => {
    const all = Object.fromEntries(contactFieldNames.map((name) => [name, 'optional' as const]));
    expect(
      contactFieldSpecs(all)
        .map((f) => f.name)
        .sort(),
    ).toEqual(contactFieldNames.filter((n) => n !== 'file').sort());
  });
});

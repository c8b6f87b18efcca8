import { type BrandId, brandById } from '@app/brands';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { ContactForm } from './contact-form';
import { PartnershipForm } from './partnership-form';

type Entry = [name: string, value: string];

/** Every part of every multipart POST, in order: a file part is shown by its file name. */
function stubSend(answer: () => Response | Promise<Response>) {
  const sent: { url: string; entries: Entry[] }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body as FormData;
      const entries: Entry[] = [...body.entries()].map(([name, value]) => [
        name,
        typeof value === 'string' ? value : `file:${value.name}`,
      ]);
      sent.push({ url: String(input), entries });
      return answer();
    }),
  );
  return sent;
}

/** The `data` part parsed, beside every other part: so a field under a wrong name shows. */
const parts = (entries: Entry[]) => ({
  data: JSON.parse(entries.find(([name]) => name === 'data')?.[1] ?? 'null'),
  others: entries.filter(([name]) => name !== 'data'),
  names: entries.map(([name]) => name),
});

const jpeg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])], name, {
    type: 'image/jpeg',
  });

/** What a person types in each box, by its label (the whole label, so "Company" is not "Company Name"). */
const typed: Record<string, string> = {
  'First Name': 'Grace',
  'Last Name': 'Hopper',
  Name: 'Grace Hopper',
  'Company Name': 'Hopper Systems Ltd',
  Company: 'Hopper Installs',
  Email: 'grace@example.com',
  'Confirm Email': 'grace@example.com',
  Landline: '0117 496 0000',
  Mobile: '07700 900123',
  'Post Code': 'bs1 4dj',
  Country: 'Ireland',
  'Serial number': 'SN-55-0192',
  Subject: 'Moving a sign',
  Message: 'The recorder beeps at night.\nWhat does it mean?',
};

const box = (label: string) =>
  screen.queryByLabelText(new RegExp(`^${label}( \\*)? \\((required|optional)\\)$`));

/** Fills in every field the brand's form shows, as a person would, choosing "Trade" and "Support". */
async function fillEverything(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of Object.entries(typed)) {
    const field = box(label);
    if (field) await user.type(field, value);
  }
  const trade = screen.queryByRole('group', { name: /^End user or trade/ });
  if (trade) await user.click(within(trade).getByRole('radio', { name: 'Trade' }));
  const attention = box('For the attention of');
  if (attention) await user.selectOptions(attention, 'Support');
}

function renderContact(id: BrandId, subject?: string) {
  const brand = brandById(id);
  render(
    <BrandProvider brand={brand}>
      <ContactForm brand={brand} subject={subject} />
    </BrandProvider>,
  );
  return userEvent.setup();
}

const reply = () => Response.json({ message: 'Thank you.', reference: 'C-000042' });
const message = 'The recorder beeps at night.\nWhat does it mean?';

describe('the contact form sends, for each brand, every field it shows under its own name', () => {
  it.each([
    [
      'signs',
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        companyName: 'Hopper Systems Ltd',
        email: 'grace@example.com',
        confirmEmail: 'grace@example.com',
        mobilePhone: '07700 900123',
        subject: 'Moving a sign',
        message,
      },
      true,
    ],
    [
      'dvr',
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        enduserTrade: 'Trade',
        company: 'Hopper Installs',
        forAttentionOf: 'Support',
        landlinePhone: '0117 496 0000',
        mobilePhone: '07700 900123',
        email: 'grace@example.com',
        confirmEmail: 'grace@example.com',
        serial_no: 'SN-55-0192',
        message,
      },
      true,
    ],
    [
      'nvr',
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        enduserTrade: 'Trade',
        company: 'Hopper Installs',
        forAttentionOf: 'Support',
        landlinePhone: '0117 496 0000',
        mobilePhone: '07700 900123',
        email: 'grace@example.com',
        confirmEmail: 'grace@example.com',
        // No country on the form: a UK postcode, sent as the Royal Mail writes it.
        postCode: 'BS1 4DJ',
        serial_no: 'SN-55-0192',
        message,
      },
      true,
    ],
    [
      'voice',
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        enduserTrade: 'Trade',
        company: 'Hopper Installs',
        forAttentionOf: 'Support',
        landlinePhone: '0117 496 0000',
        email: 'grace@example.com',
        confirmEmail: 'grace@example.com',
        serial_no: 'SN-55-0192',
        message,
      },
      false,
    ],
    [
      'ipcam',
      {
        name: 'Grace Hopper',
        companyName: 'Hopper Systems Ltd',
        email: 'grace@example.com',
        confirmEmail: 'grace@example.com',
        subject: 'Moving a sign',
        message,
      },
      true,
    ],
    [
      'multiplexer',
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        enduserTrade: 'Trade',
        company: 'Hopper Installs',
        forAttentionOf: 'Support',
        mobilePhone: '07700 900123',
        email: 'grace@example.com',
        confirmEmail: 'grace@example.com',
        message,
      },
      true,
    ],
    [
      'anpr',
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        company: 'Hopper Installs',
        forAttentionOf: 'Support',
        landlinePhone: '0117 496 0000',
        mobilePhone: '07700 900123',
        email: 'grace@example.com',
        confirmEmail: 'grace@example.com',
        country: 'Ireland',
        message,
      },
      false,
    ],
  ] as const)('%s', async (id, data, takesFiles) => {
    const user = renderContact(id);
    const sent = stubSend(reply);
    await fillEverything(user);
    if (takesFiles) await user.upload(screen.getByLabelText(/^Attachment/), [jpeg('a.jpg'), jpeg('b.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await screen.findByRole('status');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/contact-us');
    const { data: sentData, others, names } = parts(sent[0]?.entries ?? []);
    expect(sentData).toEqual(data);
    expect(names[0]).toBe('data');
    expect(others).toEqual(
      takesFiles
        ? [
            ['uploadFile', 'file:a.jpg'],
            ['uploadFile', 'file:b.jpg'],
          ]
        : [],
    );
  });

  it('sends the subject a link filled in, and empty optional fields as empty strings', async () => {
    const user = renderContact('ipcam', 'Please send me IPCam Scout');
    const sent = stubSend(reply);
    await user.type(box('Name') as HTMLElement, 'Ada Lovelace');
    await user.type(box('Email') as HTMLElement, 'ADA@example.com');
    await user.type(box('Confirm Email') as HTMLElement, 'ada@example.com');
    await user.type(box('Message') as HTMLElement, '  Thank you  ');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await screen.findByRole('status');
    expect(sent.map((s) => s.entries.map(([name, value]) => [name, JSON.parse(value)]))).toEqual([
      [
        [
          'data',
          {
            name: 'Ada Lovelace',
            companyName: '',
            email: 'ADA@example.com',
            confirmEmail: 'ada@example.com',
            subject: 'Please send me IPCam Scout',
            message: 'Thank you',
          },
        ],
      ],
    ]);
  });
});

describe('the contact form, when the server refuses', () => {
  async function sendRefused(answer: () => Response | Promise<Response>) {
    const user = renderContact('signs');
    stubSend(answer);
    await fillEverything(user);
    await user.upload(screen.getByLabelText(/^Attachment/), jpeg('plan.jpg'));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    return screen.findByRole('alert', { name: 'There is a problem' });
  }

  it('shows a refused file at the file field as well as in the summary, which takes focus', async () => {
    const refusal = '"plan.jpg" is larger than 10 MB. Please attach a smaller file.';
    const summary = await sendRefused(() => Response.json({ message: refusal }, { status: 400 }));
    expect(summary.textContent).toContain(refusal);
    expect(document.activeElement).toBe(summary);
    const file = screen.getByLabelText(/^Attachment/);
    expect(file.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(refusal, { selector: `#${file.id}-error, #${file.id}-error *` })).toBeTruthy();
  });

  it.each([
    [
      500,
      { message: 'Something went wrong on our side. Please try again.' },
      'Something went wrong on our side. Please try again.',
    ],
    [502, 'Bad gateway', 'Your message could not be sent. Please try again.'],
  ] as const)('a %i: shows its message, focused, and keeps what was typed', async (status, body, shown) => {
    const summary = await sendRefused(() =>
      typeof body === 'string' ? new Response(body, { status }) : Response.json(body, { status }),
    );
    expect(summary.textContent).toContain(shown);
    expect(document.activeElement).toBe(summary);
    expect((box('Subject') as HTMLInputElement).value).toBe('Moving a sign');
  });

  it('no connection: says it could not be sent, focused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const summary = await sendRefused(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(summary.textContent).toContain('Your message could not be sent. Please try again.');
    expect(document.activeElement).toBe(summary);
  });
});

describe('the partnership application', () => {
  function renderPartnership() {
    render(
      <BrandProvider brand={brandById('signs')}>
        <PartnershipForm />
      </BrandProvider>,
    );
    return userEvent.setup();
  }
  const field = (label: string) => box(label) as HTMLElement;

  async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
    await user.type(field('Company Name'), 'Bright Signs Ltd');
    await user.type(field('Contact Name'), 'Sam Patel');
    await user.type(field('Email'), 'sam@brightsigns.example');
    await user.type(field('Confirm Email'), 'sam@brightsigns.example');
    await user.selectOptions(field('Type of partner'), 'Sign maker or printer');
    await user.type(field('About your business'), 'We print about 400 signs a year in the South West.');
  }

  it('sends every field under its own name, with the brochure as uploadFile', async () => {
    const user = renderPartnership();
    const sent = stubSend(() =>
      Response.json({ message: 'Thank you, your application has been sent.', reference: 'P-000007' }),
    );
    await fillRequired(user);
    await user.type(field('Telephone'), '0117 496 0555');
    await user.type(field('Website'), 'https://brightsigns.example');
    await user.upload(screen.getByLabelText(/^Attachment, such as a brochure/), jpeg('brochure.jpg'));
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Application sent');
    expect(document.activeElement).toBe(status);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/partner/send-partnership-email');
    const { data, others, names } = parts(sent[0]?.entries ?? []);
    expect(names).toEqual(['data', 'uploadFile']);
    expect(data).toEqual({
      companyName: 'Bright Signs Ltd',
      name: 'Sam Patel',
      email: 'sam@brightsigns.example',
      confirmEmail: 'sam@brightsigns.example',
      phone: '0117 496 0555',
      partnerType: 'Sign maker or printer',
      website: 'https://brightsigns.example',
      message: 'We print about 400 signs a year in the South West.',
    });
    expect(others).toEqual([['uploadFile', 'file:brochure.jpg']]);
  });

  it('sends the optional fields empty and no file part when none is attached', async () => {
    const user = renderPartnership();
    const sent = stubSend(() => Response.json({ message: 'Thank you.', reference: 'P-000008' }));
    await fillRequired(user);
    await user.selectOptions(field('Type of partner'), 'Other');
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    await screen.findByRole('status');
    expect(sent.map((s) => s.entries.map(([name, value]) => [name, JSON.parse(value)]))).toEqual([
      [
        [
          'data',
          {
            companyName: 'Bright Signs Ltd',
            name: 'Sam Patel',
            email: 'sam@brightsigns.example',
            confirmEmail: 'sam@brightsigns.example',
            phone: '',
            partnerType: 'Other',
            website: '',
            message: 'We print about 400 signs a year in the South West.',
          },
        ],
      ],
    ]);
  });

  it('lists the missing required fields in a summary that takes focus, and sends nothing', async () => {
    const user = renderPartnership();
    const sent = stubSend(reply);
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(document.activeElement).toBe(summary);
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Please fill out the required field: Company Name',
      'Please fill out the required field: Contact Name',
      'Please fill out the required field: Email',
      'Please fill out the required field: Confirm Email',
      'Please fill out the required field: Type of partner',
      'Please fill out the required field: About your business',
    ]);
    expect(sent).toEqual([]);
  });

  it.each([
    [400, 'This form has no field called "fax".'],
    [429, 'Too many attempts. Please wait a minute and try again.'],
    [500, 'Something went wrong on our side. Please try again.'],
  ])(
    'a %i: shows the server’s message in the summary, focused, and keeps what was typed',
    async (status, text) => {
      const user = renderPartnership();
      stubSend(() => Response.json({ message: text }, { status }));
      await fillRequired(user);
      await user.click(screen.getByRole('button', { name: 'Send application' }));
      const summary = await screen.findByRole('alert', { name: 'There is a problem' });
      expect(summary.textContent).toContain(text);
      expect(document.activeElement).toBe(summary);
      expect((field('Company Name') as HTMLInputElement).value).toBe('Bright Signs Ltd');
    },
  );

  it('no connection: says it could not be sent, focused', async () => {
    const user = renderPartnership();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubSend(() => {
      throw new TypeError('Failed to fetch');
    });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain('Your message could not be sent. Please try again.');
    expect(document.activeElement).toBe(summary);
  });
});

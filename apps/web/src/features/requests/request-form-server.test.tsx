import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestForm } from './request-form';
import { stubFetch } from './test-support';

// The form as the server draws it for a sign's page, before (or without) the page's scripts, and
// the same form once the app takes it over (docs/decisions/0049).

const props = { signRef: 'DEMO-0002-SIGN', siteName: 'Quay car park', retentionDays: 30 };
let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function drawnByServer() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<RequestForm {...props} />);
  document.body.append(container);
  return { container, form: screen.getByRole('form', { name: 'Contact the operator' }) as HTMLFormElement };
}

/** What a person does on the page before any script runs: the browser keeps it in the fields. */
function typeWithoutScripts(form: HTMLFormElement, name: string, value: string) {
  const field = form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;
  field.value = value;
}

describe('the request form drawn by the server', () => {
  it('posts to the server without scripts, and carries the footage fields for CSS to show', () => {
    const { form } = drawnByServer();
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/sign/DEMO-0002-SIGN/contact');
    // Every field of every kind is in the page: "footage" chosen shows its fields by CSS alone.
    for (const name of ['name', 'email', 'message', 'footageDate', 'timeFrom', 'timeTo', 'description'])
      expect(form.elements.namedItem(name), name).not.toBeNull();
    expect(
      within(form)
        .getByRole('checkbox', { name: /someone under 16/ })
        .getAttribute('name'),
    ).toBe('representative');
    expect(within(form).getByRole('button', { name: 'Send to the operator' }).getAttribute('type')).toBe(
      'submit',
    );
  });

  it('keeps what was typed before the app took it over, and sends it', async () => {
    const calls = stubFetch({
      '/api/signs/DEMO-0002-SIGN/contact': {
        status: 200,
        body: { reference: 'R-000042', message: 'Sent' },
      },
    });
    const { container, form } = drawnByServer();
    typeWithoutScripts(form, 'name', 'Sam Walker');
    typeWithoutScripts(form, 'email', 'sam@example.net');
    (within(form).getByRole('radio', { name: 'A copy of footage of me' }) as HTMLInputElement).checked = true;
    typeWithoutScripts(form, 'footageDate', '2026-11-26');
    typeWithoutScripts(form, 'timeFrom', '14:00');
    typeWithoutScripts(form, 'timeTo', '14:30');
    typeWithoutScripts(form, 'description', 'Red coat, blue bicycle');

    await act(async () => {
      root = hydrateRoot(container, <RequestForm {...props} />);
    });
    const user = userEvent.setup();
    const hydrated = screen.getByRole('form', { name: 'Contact the operator' });
    expect(within(hydrated).getByLabelText(/^Your name/)).toHaveProperty('value', 'Sam Walker');
    expect(within(hydrated).getByLabelText(/^Date/)).toHaveProperty('value', '2026-11-26');
    await user.click(within(hydrated).getByRole('button', { name: 'Send to the operator' }));

    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/contact'))).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith('/contact'))?.body).toMatchObject({
      name: 'Sam Walker',
      email: 'sam@example.net',
      kind: 'footage',
      footageDate: '2026-11-26',
      timeFrom: '14:00',
      timeTo: '14:30',
      description: 'Red coat, blue bicycle',
    });
    expect((await screen.findByRole('status')).textContent).toContain('Your reference is R-000042.');
  });

  it('says why the server could not send what it posted', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <RequestForm {...props} problem="Your request was not sent: some details were missing or not valid." />,
    );
    document.body.append(container);
    expect(screen.getByRole('alert').textContent).toContain('some details were missing or not valid');
  });
});

import type { AddressDetail } from '@app/contract/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AddressLookupField } from './address-lookup-field';

const detail: AddressDetail = {
  line_1: '14 Lantern Row',
  line_2: '',
  line_3: '',
  town_or_city: 'Leeds',
  postcode: 'LS1 9ZQ',
  county: 'West Yorkshire',
};

function stubLookup() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/address/autocomplete/')) {
      return Response.json({
        suggestions: [
          { address: '1 Lantern Row, Leeds, LS1 9ZQ', id: 'demo-01' },
          { address: '14 Lantern Row, Leeds, LS1 9ZQ', id: 'demo-02' },
        ],
      });
    }
    if (url === '/api/address/get/demo-02') return Response.json(detail);
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Harness({ onAddressChosen }: { onAddressChosen: (address: AddressDetail) => void }) {
  const [value, setValue] = useState('');
  return (
    <QueryClientProvider client={new QueryClient()}>
      <AddressLookupField
        id="address1"
        label="Address 1"
        value={value}
        onChange={setValue}
        onAddressChosen={(address) => {
          setValue(address.line_1);
          onAddressChosen(address);
        }}
      />
    </QueryClientProvider>
  );
}

describe('address look-up field', () => {
  it('is a labelled combobox that suggests from the third character on', async () => {
    const fetchMock = stubLookup();
    render(<Harness onAddressChosen={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const input = screen.getByRole('combobox', { name: 'Address 1' });

    await user.type(input, '14');
    await new Promise((done) => setTimeout(done, 500));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(input, ' L');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/address/autocomplete/14%20L']);
    expect(screen.getByRole('status').textContent).toBe('2 addresses found.');
  });

  it('a search that finds nothing says so and how to go on: type the address in full', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ suggestions: [] })),
    );
    render(<Harness onAddressChosen={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const input = screen.getByRole('combobox', { name: 'Address 1' });
    await user.type(input, 'Zzz Nowhere');
    const text =
      'No address matches “Zzz Nowhere”. Type the address in full: its first line here and the rest in the boxes below.';
    const message = await screen.findByText(text);
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByRole('status').textContent).toBe('No address found.');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    // Not said while the search has fewer than 3 characters.
    await user.clear(input);
    await user.type(input, 'Zz');
    await new Promise((done) => setTimeout(done, 500));
    expect(screen.queryByText(/No address matches/)).toBeNull();
  });

  it('chooses a suggestion with the keyboard and hands over its address', async () => {
    stubLookup();
    const chosen = vi.fn();
    render(<Harness onAddressChosen={chosen} />);
    const user = userEvent.setup({ delay: null });
    const input = screen.getByRole('combobox', { name: 'Address 1' });
    await user.type(input, 'Lantern');
    await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(
      screen.getByRole('option', { name: '14 Lantern Row, Leeds, LS1 9ZQ' }).getAttribute('aria-selected'),
    ).toBe('true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(chosen).toHaveBeenCalledWith(detail));
    expect((input as HTMLInputElement).value).toBe('14 Lantern Row');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the list on Escape and keeps what was typed', async () => {
    stubLookup();
    render(<Harness onAddressChosen={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const input = screen.getByRole('combobox', { name: 'Address 1' });
    await user.type(input, 'Lantern');
    await screen.findAllByRole('option');

    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Lantern');
    await user.keyboard('{Escape}');
    expect((input as HTMLInputElement).value).toBe('Lantern');
  });
});

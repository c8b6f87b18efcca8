import { brandById } from '@app/brands';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { account, fakeApi, problemsListed, signIn, site } from '../../components/signed-in/test-harness';
import { BrandProvider } from '../../lib/brand';
import { SitePage } from './site-page';
import { YourSitesPage } from './your-sites-page';

// A site made at sign-up without saying how long its recorder keeps footage shows the public
// "not stated"; the operator is asked for it on every visit until it is stated (issue 32).

function renderWorkspace(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/your-sites', element: <YourSitesPage /> },
      { path: '/site', element: <SitePage /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <BrandProvider brand={brandById('signs')}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
  return router;
}

const notice = () => screen.queryByRole('region', { name: 'How many days does your recorder keep footage?' });

describe('/your-sites: sites whose retention is not stated', () => {
  it('names each such site with a link to edit it, and says what visitors read meanwhile', async () => {
    signIn(false);
    fakeApi({
      'GET /api/account': account(0),
      'GET /api/sites/company/5': [
        site(1, 'Bike store', { retentionDays: null }),
        site(2, 'Depot', { retentionDays: 14 }),
        site(3, 'Yard', { retentionDays: null }),
      ],
    });
    renderWorkspace('/your-sites');
    await screen.findByRole('list', { name: 'Your sites' });
    const region = notice();
    if (!region) throw new Error('No notice about unstated retention');
    expect(region.textContent).toContain('Visitors read “Recordings kept: not stated” for these sites.');
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Say how long Bike store keeps footage', '/site?id=1'],
      ['Say how long Yard keeps footage', '/site?id=3'],
    ]);
    // Each card says it too, as the public reads it.
    const cards = within(screen.getByRole('list', { name: 'Your sites' })).getAllByRole('listitem');
    expect(cards.map((card) => card.querySelector('dl')?.textContent)).toEqual([
      expect.stringContaining('Recordings keptNot stated'),
      expect.stringContaining('Recordings kept14 days'),
      expect.stringContaining('Recordings keptNot stated'),
    ]);
  });

  it('is not shown when every site has it', async () => {
    signIn(false);
    fakeApi({
      'GET /api/account': account(0),
      'GET /api/sites/company/5': [
        site(2, 'Depot', { retentionDays: 14 }),
        site(4, 'Gate', { retentionDays: 1 }),
      ],
    });
    renderWorkspace('/your-sites');
    await screen.findByRole('list', { name: 'Your sites' });
    expect(notice()).toBeNull();
    expect(screen.getByText('1 day')).toBeTruthy();
  });

  it('its link opens the site with the question empty and required; saving sends the days', async () => {
    signIn(false);
    const calls = fakeApi({
      'GET /api/account': account(0),
      'GET /api/sites/company/5': [site(1, 'Bike store', { retentionDays: null })],
      'GET /api/sites/1': site(1, 'Bike store', { retentionDays: null }),
      'PUT /api/sites/1': site(1, 'Bike store', { retentionDays: 14 }),
    });
    const router = renderWorkspace('/your-sites');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Say how long Bike store keeps footage' }));
    expect(router.state.location.search).toBe('?id=1');

    const days = (await screen.findByRole('spinbutton', {
      name: 'How many days does your recorder keep footage?',
    })) as HTMLInputElement;
    expect(days.value).toBe('');
    expect(days.required).toBe(true);
    const hint = document.getElementById(days.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(hint).toContain('Shown to the public');

    await user.click(screen.getByRole('button', { name: 'Save site' }));
    expect(await problemsListed()).toEqual(['Enter how many days your recorder keeps footage.']);
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.type(days, '14');
    await user.click(screen.getByRole('button', { name: 'Save site' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/your-sites'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      expect.objectContaining({ name: 'Bike store', retentionDays: 14 }),
    ]);
  });

  it.each([
    ['0', 'Recordings are kept for at least 1 day.'],
    ['3651', 'Recordings are kept for at most 3650 days.'],
    ['2.5', 'Recordings kept: whole days only.'],
  ])('the site form refuses %j days before calling', async (typed, text) => {
    signIn(false);
    const calls = fakeApi({
      'GET /api/account': account(0),
      'GET /api/sites/1': site(1, 'Bike store', { retentionDays: null }),
    });
    renderWorkspace('/site?id=1');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('spinbutton', { name: /keep footage/ }), typed);
    await user.click(screen.getByRole('button', { name: 'Save site' }));
    expect(await problemsListed()).toEqual([text]);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

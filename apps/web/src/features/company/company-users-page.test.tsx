import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fakeApi, renderPage, signIn } from '../../components/signed-in/test-harness';
import { CompanyUsersPage } from './company-users-page';

const user = (id: number, userName: string, masterUser: 0 | 1) => ({
  id,
  userName,
  email: `${userName}@example.com`,
  firstname: '',
  surname: '',
  masterUser,
  confirmedAt: '2026-01-01T00:00:00.000Z',
});

describe('/company-users', () => {
  it('the only master user cannot be unmade; others can be promoted or removed', async () => {
    signIn(true);
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/users/company/5': [user(7, 'operator', 1), user(8, 'helper', 0)],
    });
    renderPage(<CompanyUsersPage />, '/company-users');
    const unmake = await screen.findByRole('button', { name: 'Unmake master operator' });
    expect(unmake).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Make master helper' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Remove helper' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove operator' })).toBeNull();
  });
});

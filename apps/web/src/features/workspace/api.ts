import { type LoginBody, loginReply, messageReply } from '@app/contract/accounts';
import {
  type AccountDetailsBody,
  type AddSiteStickerBody,
  accountDetails,
  type ChangeSiteStickerBody,
  type CompanyBody,
  changeSiteStickerReply,
  companyRecord,
  companyUsersReply,
  invitationReply,
  type PublicationBody,
  pendingInvitationsChange,
  pendingInvitationsReply,
  publicationReply,
  type SiteBody,
  siteListReply,
  siteRecord,
  siteSticker,
  siteStickersReply,
} from '@app/contract/workspace';
import { z } from '@app/contract/zod';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// One place for the workspace's calls: fetchers and their query options.

export const accountQuery = queryOptions({
  queryKey: ['workspace', 'account'],
  queryFn: () => api.get('/api/account', { schema: accountDetails }),
});

export const sitesQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['workspace', 'sites', companyId],
    queryFn: () => api.get(`/api/sites/company/${companyId}`, { schema: siteListReply }),
  });

export const siteQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['workspace', 'site', siteId],
    queryFn: () => api.get(`/api/sites/${siteId}`, { schema: siteRecord }),
  });

export const siteStickersQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['workspace', 'stickers', siteId],
    queryFn: () => api.get(`/api/stickers/siteid/${siteId}`, { schema: siteStickersReply }),
  });

export const publicationQuery = queryOptions({
  queryKey: ['workspace', 'publication'],
  queryFn: () => api.get('/api/contact/publication', { schema: publicationReply }),
});

export const companyQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['workspace', 'company', companyId],
    queryFn: () => api.get(`/api/company/${companyId}`, { schema: companyRecord }),
  });

export const companyUsersQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['workspace', 'company-users', companyId],
    queryFn: () => api.get(`/api/users/company/${companyId}`, { schema: companyUsersReply }),
  });

export const pendingInvitationsQuery = queryOptions({
  queryKey: ['workspace', 'invitations'],
  queryFn: () => api.get('/api/company/invitations', { schema: pendingInvitationsReply }),
});

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['workspace', 'invitation', token],
    queryFn: () =>
      api.get(`/api/company/invitations/${encodeURIComponent(token)}`, { schema: invitationReply }),
    retry: false,
  });

export const addSite = (body: SiteBody) => api.post('/api/sites/add', body, { schema: siteRecord });
export const saveSite = (id: number, body: SiteBody) =>
  api.put(`/api/sites/${id}`, body, { schema: siteRecord });
/** "These details are still correct", from Your sites. */
export const confirmSite = (id: number) => api.post(`/api/sites/${id}/confirm`, {}, { schema: siteRecord });
export const addSiteSticker = (body: AddSiteStickerBody) =>
  api.post('/api/stickers/site/signRef', body, { schema: siteSticker });
/** The sticker on another site of the company, moved to this one (master users). */
export const moveStickerHere = (body: AddSiteStickerBody) =>
  api.post('/api/stickers/site/signRef/move', body, { schema: changeSiteStickerReply });
export const changeSiteSticker = (id: number, body: ChangeSiteStickerBody) =>
  api.put(`/api/stickers/site/${id}`, body, { schema: changeSiteStickerReply });
export const savePublication = (body: PublicationBody) =>
  api.put('/api/contact/publication', body, { schema: publicationReply });
export const followCompany = (siteId: number) =>
  api.delete(`/api/contact/publication/site/${siteId}`, { schema: publicationReply });
export const saveCompany = (id: number, body: CompanyBody) =>
  api.put(`/api/company/${id}`, body, { schema: companyRecord });
export const inviteUser = (email: string) =>
  api.post('/api/company/add', { email }, { schema: messageReply });
export const resendInvitation = (id: number) =>
  api.post(`/api/company/invitations/${id}/resend`, {}, { schema: pendingInvitationsChange });
export const cancelInvitation = (id: number) =>
  api.delete(`/api/company/invitations/${id}`, { schema: pendingInvitationsChange });
export const setMasterUser = (id: number, masterUser: 0 | 1) =>
  api.put(`/api/company/users/${id}`, { masterUser }, { schema: companyUsersReply });
export const removeUser = (id: number) =>
  api.delete(`/api/company/users/${id}`, { schema: companyUsersReply });
export const acceptInvitation = (body: { token: string; userName: string; password: string }) =>
  api.post('/api/company/invitations/accept', body, {
    schema: messageReply,
    clearSessionOnUnauthorized: false,
  });
/** Signs in the person who has just accepted an invitation, with the name and password they chose. */
export const signInAfterAccepting = (body: LoginBody) =>
  api.post('/api/users/login', body, { schema: loginReply, clearSessionOnUnauthorized: false });
export const saveAccount = (body: AccountDetailsBody) =>
  api.put('/api/account', body, { schema: accountDetails });
export const confirmEmail = (token: string) =>
  api.post(
    '/api/account/email/confirm',
    { token },
    { schema: messageReply, clearSessionOnUnauthorized: false },
  );
export const cancelEmailChange = (token: string) =>
  api.post(
    '/api/account/email/cancel',
    { token },
    { schema: messageReply, clearSessionOnUnauthorized: false },
  );
export const changePassword = (currentPassword: string, newPassword: string) =>
  api.post(
    '/api/account/password',
    { currentPassword, newPassword },
    { schema: z.object({ message: z.string(), token: z.string() }) },
  );
export const downloadMyData = () =>
  api.get('/api/account/export', { schema: z.record(z.string(), z.array(z.unknown())) });
export const deleteAccount = (password: string) =>
  api.post('/api/account/delete', { password, confirm: 'DELETE' }, { schema: messageReply });

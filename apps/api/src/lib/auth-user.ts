/**
 * What authorisation needs to know about the caller. It lives here, not with the users' table,
 * because `plugins/auth.ts` hands it to every route and a plugin imports no module.
 */
export interface AuthUser {
  id: number;
  userName: string;
  email: string;
  companyId: number;
  masterUser: boolean;
  confirmedAt: Date | null;
  sessionVersion: number;
  passwordVersion: number;
}

/** Local storage keys of the session (SPEC.md section 3). */
export const STORAGE_KEYS = {
  token: 'token',
  /** JSON boolean: true for a master user. */
  masterUser: 'masterUser',
  userId: 'userId',
} as const;

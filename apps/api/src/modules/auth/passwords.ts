import { hash, verify } from '@node-rs/argon2';

// The library's defaults are argon2id with OWASP's minimum parameters (19 MiB, 2 passes).

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash` (argon2 compares in constant time). Without a hash
 * (no such user) a decoy hash is checked instead, so the answer takes as long either way and the
 * time taken does not tell whether a user name exists.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    decoy ??= hash('decoy password that matches nobody');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

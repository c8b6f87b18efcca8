import type { Queryable } from '../../db/db';
import { pingDatabase } from './repository';

/** How long /api/ready waits for the database before calling it unavailable. */
const READY_TIMEOUT_MS = 2000;

/** Whether the database answers within READY_TIMEOUT_MS; a refusal or a hang is false, never a throw. */
export async function databaseAnswers(q: Queryable): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([pingDatabase(q).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

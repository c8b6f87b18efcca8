import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * How command-line tools find a running server: `DATA_DIR/server.json` (where it listens, its
 * pid) and `DATA_DIR/admin-token` (mode 600), the secret of the loopback-only admin calls.
 * The embedded database belongs to one process, so a tool asks that server rather than opening it.
 */
export interface ServerInfo {
  pid: number;
  port: number;
  host: string;
}

/** The header of admin calls carrying the secret of DATA_DIR/admin-token. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

const infoFile = (dataDir: string) => path.join(dataDir, 'server.json');
const tokenFile = (dataDir: string) => path.join(dataDir, 'admin-token');

/** A fresh secret for the admin calls of one server run. */
export function newAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

async function writeAtomically(file: string, content: string, mode: number): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, content, { mode });
  await rename(partial, file);
}

export async function writeServerInfo(dataDir: string, info: ServerInfo, adminToken: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeAtomically(tokenFile(dataDir), `${adminToken}\n`, 0o600);
  await writeAtomically(infoFile(dataDir), `${JSON.stringify(info)}\n`, 0o644);
}

export async function readServerInfo(
  dataDir: string,
): Promise<(ServerInfo & { adminToken: string }) | undefined> {
  try {
    const info = JSON.parse(await readFile(infoFile(dataDir), 'utf8')) as ServerInfo;
    const adminToken = (await readFile(tokenFile(dataDir), 'utf8')).trim();
    if (!Number.isInteger(info.pid) || !Number.isInteger(info.port) || !adminToken) return undefined;
    return { ...info, adminToken };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** Removes the files at shutdown, unless another server has written its own since. */
export async function removeServerInfo(dataDir: string, pid = process.pid): Promise<void> {
  const current = await readServerInfo(dataDir).catch(() => undefined);
  if (current && current.pid !== pid) return;
  await rm(infoFile(dataDir), { force: true });
  await rm(tokenFile(dataDir), { force: true });
}

/** Whether a process with this id is alive (on this machine). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import type { BrandId } from '@app/brands';

/**
 * The test server's port and data directory. Both can be moved with E2E_PORT / E2E_DATA_DIR so
 * two runs on one machine do not collide.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? 'data/e2e';

/** A running server the tests reach: the shared one, or one a spec starts for itself (e2e/support/moved-clock.ts). */
export interface TestServer {
  port: number;
  dataDir: string;
}

export const mainServer: TestServer = { port: E2E_PORT, dataDir: E2E_DATA_DIR };

/** The browser address of a brand's site on the test server, e.g. http://dvr.localhost:3210 */
export function brandOrigin(brand: BrandId, server: TestServer = mainServer): string {
  return `http://${brand}.localhost:${server.port}`;
}

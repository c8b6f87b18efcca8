/**
 * Debian's Chromium with the flags this machine needs (headless, no sandbox, nothing fetched in
 * the background); never a downloaded browser. The end-to-end tests and the picture scripts
 * launch it with these; bench/support/server.mjs, plain JavaScript, keeps a copy of the list.
 */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

import launchOptions from './chromium.json' with { type: 'json' };

/**
 * Debian's Chromium with the flags this machine needs (headless, no sandbox, nothing fetched in
 * the background); never a downloaded browser. The end-to-end tests and the picture scripts
 * launch it with these; the benchmarks (plain JavaScript) read the same chromium.json.
 */
export const chromiumLaunchOptions: { executablePath: string; args: string[] } = launchOptions;

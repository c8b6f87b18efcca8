/** Where to reach a server from this machine, given the address it listens on. */
export function loopbackHost(host: string): string | undefined {
  if (host === '0.0.0.0' || host === 'localhost' || host.startsWith('127.')) return '127.0.0.1';
  if (host === '::' || host === '::1') return '[::1]';
  return undefined;
}

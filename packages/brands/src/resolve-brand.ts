/**
 * The host key of a host name: lower case, port and a leading `www.` removed, then the first
 * label (so `dvr.localhost:3000` and `DVR.example.co.uk` both give `dvr`).
 */
export function hostKey(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h; // an IPv6 literal has no brand label
  h = h.replace(/:\d+$/, '').replace(/\.$/, '');
  if (h.startsWith('www.')) h = h.slice(4);
  return h.split('.')[0] ?? '';
}

/** A reply's Content-Security-Policy as its directives: each name and its sources. */
export function cspDirectives(headers: Record<string, unknown>): Map<string, string[]> {
  return new Map(
    String(headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

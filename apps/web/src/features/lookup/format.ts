/** The path of a sign's public page. */
export function signPath(signRef: string): string {
  return `/sign/${encodeURIComponent(signRef)}`;
}

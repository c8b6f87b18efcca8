// The secret of a visitor's private link (/request/{reference}#{secret}). It travels in the
// address's fragment, which browsers never send, so it is in no server's log; the page sends it in
// the X-Request-Key header and keeps it in this tab's sessionStorage, so a refresh (or a link in
// the page that drops the fragment) still opens the request.

const storageKey = (reference: string) => `request-key:${reference.toUpperCase()}`;

/** The key of the link that opened the page, or the one this tab kept; null when there is neither. */
export function readVisitorKey(reference: string, hash: string): string | null {
  const fromLink = decodeURIComponent(hash.replace(/^#/, '')).trim();
  try {
    if (fromLink) {
      sessionStorage.setItem(storageKey(reference), fromLink);
      return fromLink;
    }
    return sessionStorage.getItem(storageKey(reference));
  } catch {
    // Storage refused (a private window's quota): the link's own key still works.
    return fromLink || null;
  }
}

/** The headers of every call of the visitor's page. */
export const visitorHeaders = (key: string) => ({ 'X-Request-Key': key });

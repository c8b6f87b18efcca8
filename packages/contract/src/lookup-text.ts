// The public look-up's words and bounds, without zod: the pages a visitor opens (a sign's page,
// the look-up and search) import these, and zod stays out of their first load (docs/decisions/0030).

/** Results per page of the name/town search, and how many pages a search may go. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGES = 5;
/** Shorter terms match too much to be useful (and cost the most). */
export const SEARCH_TERM_MIN = 3;
export const SEARCH_TERM_MAX = 100;

export const lookupMessages = {
  notFound: 'No sign has that reference. Check the reference on the sign and try again.',
  notRegistered:
    'This sign exists but has not been registered by its operator yet. Ask the owner of the premises who runs the cameras, or report the sign to us through Contact us.',
  termTooShort: `Type at least ${SEARCH_TERM_MIN} characters to search.`,
  relayOff: 'This operator does not take messages through the register.',
  relaySent: 'Your message has been sent to the operator.',
  mayBeOutOfDate: 'These details may be out of date.',
  recordMismatch: 'That term does not find that sign: only a look-up that found the sign is recorded.',
} as const;

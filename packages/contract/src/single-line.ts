/**
 * Whether text fits on one line: no control character (line breaks, tabs, escapes, C1 codes)
 * and no Unicode line or paragraph separator. A name with a line break in it could fake a line
 * ("Bcc: ...") in a mail body or leave stray glyphs on a printed sign.
 */
export function isSingleLine(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}

export const singleLineMessage = (label: string) =>
  `${label} must be on one line, without line breaks or control characters.`;

/** Whether a field is one line (a name, a phone number) or may hold several (a message). */
export type Lines = 'one' | 'many';

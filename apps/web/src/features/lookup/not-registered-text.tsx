import { lookupMessages } from '@app/contract/lookup-text';
import { Link } from 'react-router';

const CONTACT_US = 'Contact us';

/**
 * The words for a sign that exists but no operator has registered, whose "Contact us" is the way
 * to report it: a link to the contact page, not words to look for.
 */
export function NotRegisteredText() {
  const [before = '', after = ''] = lookupMessages.notRegistered.split(CONTACT_US);
  return (
    <>
      {before}
      <Link to="/contact-us">{CONTACT_US}</Link>
      {after}
    </>
  );
}

import type { Scheme } from '@app/contract/lookup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SchemeDetails } from './scheme-details';

const scheme: Scheme = {
  siteId: 4,
  operator: 'Quay Parking Ltd',
  siteName: 'Quay car park',
  town: 'Whitby',
  postcode: 'YO21 1AA',
  purpose: 'Crime prevention.',
  retentionDays: null,
  contact: { phone: null, email: null, address: null, relay: true, contactText: null },
  detailsConfirmedAt: '2026-11-21T09:30:00.000Z',
  mayBeOutOfDate: false,
  signRef: 'DEMO-0002-SIGN',
};

/** The text beside a term of the details list. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('what the public reads of how long recordings are kept', () => {
  it('says "Not stated" when the operator has not said, never a figure of ours', () => {
    render(<SchemeDetails scheme={scheme} />);
    expect(fact('Recordings kept')).toBe('Not stated');
    expect(document.body.textContent).not.toMatch(/\d+ days?/);
  });

  it.each([
    [14, '14 days'],
    [1, '1 day'],
    [3650, '3650 days'],
  ])('says %j days as %j', (retentionDays, text) => {
    render(<SchemeDetails scheme={{ ...scheme, retentionDays }} />);
    expect(fact('Recordings kept')).toBe(text);
  });
});

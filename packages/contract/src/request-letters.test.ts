import { describe, expect, it } from 'vitest';
import {
  draftActionText,
  draftReplyLetter,
  hasPlaceholders,
  ICO_COMPLAINT_URL,
  ICO_HELPLINE,
  type LetterFacts,
} from './request-letters';
import { OUTCOMES } from './request-lifecycle';

const facts: LetterFacts = {
  reference: 'R-000012',
  visitorName: 'Sam Walker',
  operator: 'Quay Parking Ltd',
  siteName: 'Quay car park',
  receivedAt: '2026-11-21T10:00:00.000Z',
  footageDate: '2026-11-20',
  timeFrom: '14:00',
  timeTo: '14:30',
  preferredForm: 'copy',
  representative: false,
};

describe('the reply letters', () => {
  // UK GDPR Art. 12(4): the person is told of the right to complain to the ICO and to a court.
  it.each(OUTCOMES)('%s: names the right to complain to the ICO, its address and helpline', (outcome) => {
    const letter = draftReplyLetter(outcome, facts);
    expect(letter).toContain("Information Commissioner's Office (ICO)");
    expect(letter).toContain('ico.org.uk/make-a-complaint');
    expect(letter).toContain('0303 123 1113');
    expect(letter).toContain('ask a court');
    expect(letter.startsWith('Dear Sam Walker,')).toBe(true);
    expect(letter).toContain('Your request R-000012, received on 21 November 2026');
    expect(letter.endsWith('Yours sincerely,\nQuay Parking Ltd')).toBe(true);
  });

  it('pins the ICO details', () => {
    expect(ICO_COMPLAINT_URL).toBe('ico.org.uk/make-a-complaint');
    expect(ICO_HELPLINE).toBe('0303 123 1113');
  });

  it('says what was found, when and where, and how it is given, for a disclosure', () => {
    const letter = draftReplyLetter('disclosed', facts);
    expect(letter).toContain(
      'We have found the footage of you at Quay car park on 20 November 2026 between 14:00 and 14:30, and we are giving you all of it.',
    );
    expect(letter).toContain('A copy of the recording is');
    expect(draftReplyLetter('disclosed', { ...facts, preferredForm: 'viewing' })).toContain(
      'You asked to view it in person',
    );
    expect(draftReplyLetter('disclosed', { ...facts, preferredForm: 'stills' })).toContain(
      'You asked for still pictures',
    );
  });

  it('leaves no date out when the request named none', () => {
    const letter = draftReplyLetter('no_footage', {
      ...facts,
      footageDate: null,
      timeFrom: null,
      timeTo: null,
    });
    expect(letter).toContain(
      'We have searched our recordings for the footage you asked for at Quay car park,',
    );
  });

  // Art. 12(4) and 12(5): a refusal, in whole or part, gives its reasons; the draft leaves a place for them.
  it.each([
    ['partly_disclosed', 'withholding the rest'],
    ['refused_unfounded', 'manifestly unfounded (UK GDPR Article 12(5))'],
    ['refused_excessive', 'manifestly excessive (UK GDPR Article 12(5))'],
    ['exempt', 'an exemption in the Data Protection Act 2018 applies'],
  ] as const)('%s: says so and asks the operator for the reasons', (outcome, says) => {
    const letter = draftReplyLetter(outcome, facts);
    expect(letter).toContain(says);
    expect(hasPlaceholders(letter)).toBe(true);
  });

  it('the no-footage letter asks the operator to say why', () => {
    expect(draftReplyLetter('no_footage', facts)).toContain('[Why:');
  });
});

describe('the words sent when asking the visitor for something', () => {
  it('asks for proof of identity, or of authority for a representative', () => {
    expect(draftActionText('ask_identity', facts)).toContain('we need to be sure it is you');
    const behalf = draftActionText('ask_identity', { ...facts, representative: true });
    expect(behalf).toContain('proof that you may act for them');
    expect(behalf).toContain('parental responsibility');
  });

  it('asks for the details needed, leaving the question to the operator', () => {
    const text = draftActionText('ask_clarification', facts);
    expect(text).toContain('please tell us:');
    expect(hasPlaceholders(text)).toBe(true);
  });

  // Art. 12(3): the person is told of an extension, with the reasons, within the first month.
  it('tells the visitor of an extension and asks the operator for the reasons', () => {
    const text = draftActionText('extend', facts);
    expect(text).toContain('Your request R-000012 needs more time');
    expect(text).toContain('up to two further months (UK GDPR Article 12(3))');
    expect(text).toContain('The reasons: [');
  });
});

describe('placeholders', () => {
  it.each([
    ['The reasons: [why].', true],
    ['The reasons: it repeats last week’s request.', false],
    ['A list [1] of things', true],
    ['Brackets [] left empty', false],
    ['Across [two\nlines]', false],
  ])('%j -> %s', (text, expected) => {
    expect(hasPlaceholders(text)).toBe(expected);
  });
});

// What the visitor reads, paragraph by paragraph: the operator edits the draft before it is sent,
// so each paragraph stands apart and none is left empty.
describe('a reply letter read paragraph by paragraph', () => {
  it('opens with the greeting, then the request it answers, each a paragraph of its own', () => {
    const paragraphs = draftReplyLetter('disclosed', facts).split('\n\n');
    expect(paragraphs.slice(0, 2)).toEqual([
      'Dear Sam Walker,',
      'Your request R-000012, received on 21 November 2026',
    ]);
    expect(paragraphs.filter((p) => p.trim() === '')).toEqual([]);
  });

  it('tells the visitor that other people in a disclosed copy are blurred', () => {
    expect(draftReplyLetter('disclosed', facts).split('\n\n')).toContain(
      'Where other people can be recognised, we have blurred them to protect their privacy.',
    );
  });

  it('leaves the operator a paragraph to say what was withheld and why', () => {
    expect(draftReplyLetter('partly_disclosed', facts).split('\n\n')).toContain(
      'We have withheld [what was withheld] because [the reasons, and the exemption or the other people whose privacy it protects].',
    );
  });

  it('names no time window when the request gave only its start', () => {
    const letter = draftReplyLetter('disclosed', { ...facts, timeTo: null });
    expect(letter).toContain(
      'We have found the footage of you at Quay car park on 20 November 2026, and we are giving you all of it.',
    );
  });
});

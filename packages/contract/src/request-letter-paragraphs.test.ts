import { describe, expect, it } from 'vitest';
import { draftReplyLetter, type LetterFacts } from './request-letters';

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

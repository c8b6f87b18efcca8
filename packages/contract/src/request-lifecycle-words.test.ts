import { describe, expect, it } from 'vitest';
import {
  AWAITING_VISITOR_STATES,
  deskFilterLabels,
  isOpen,
  outcomeLabels,
  outcomeNeedsReasons,
  preferredFormLabels,
  REQUEST_STATES,
  refusal,
  requestActionLabels,
  requestKindLabels,
  requestStateLabels,
  savedWayLabels,
} from './request-lifecycle';

// The words the visitor's page, the operator's desk and the mails show for a request: the form's
// choices, each state, outcome and action, and the desk's filters. A wrong or empty word here is
// what a person reads.
describe('the words a request is shown in', () => {
  it('names the four kinds of request and the three ways to receive footage as the form offers them', () => {
    expect(requestKindLabels).toEqual({
      footage: 'A copy of footage of me',
      question: 'A question',
      complaint: 'A complaint',
      third_party: 'I am from the police, an insurer or a solicitor',
    });
    expect(preferredFormLabels).toEqual({
      copy: 'A copy of the recording',
      viewing: 'Viewing it in person',
      stills: 'Still pictures',
    });
  });

  it('names each state, outcome and way the footage was saved', () => {
    expect(requestStateLabels).toEqual({
      received: 'Received',
      awaiting_identity: 'Waiting for proof of identity',
      awaiting_clarification: 'Waiting for more details',
      in_progress: 'Being dealt with',
      extended: 'Extended',
      answered: 'Answered',
      closed: 'Closed',
      withdrawn: 'Withdrawn',
    });
    expect(outcomeLabels).toEqual({
      disclosed: 'Footage disclosed',
      partly_disclosed: 'Partly disclosed',
      no_footage: 'No footage held',
      refused_unfounded: 'Refused: manifestly unfounded',
      refused_excessive: 'Refused: manifestly excessive',
      exempt: 'Refused: an exemption applies',
    });
    expect(savedWayLabels).toEqual({
      exported: 'Exported from the recorder',
      locked: 'Locked on the recorder',
      uploaded: 'Uploaded here',
    });
  });

  it('names every action and the desk filters as their buttons read', () => {
    expect(requestActionLabels).toEqual({
      start: 'Start work on it',
      ask_identity: 'Ask for proof of identity',
      ask_clarification: 'Ask for more details',
      extend: 'Extend by two months',
      answer: 'Answer',
      close: 'Close',
      acknowledge: 'Acknowledge the complaint',
      send_identity: 'Send proof of identity',
      clarify: 'Send the details asked for',
      withdraw: 'Withdraw the request',
    });
    expect(deskFilterLabels).toEqual({
      open: 'Open',
      awaiting_visitor: 'Awaiting the visitor',
      due_soon: 'Due within 7 days',
      overdue: 'Overdue',
      closed: 'Closed',
    });
  });

  it('says which action is not possible and in which state, in lower case mid-sentence', () => {
    const facts = { kind: 'footage', extended: false, acknowledged: false } as const;
    expect(refusal({ ...facts, state: 'in_progress' }, 'start')).toBe(
      '"Start work on it" is not possible while the request is being dealt with.',
    );
    expect(refusal({ ...facts, state: 'awaiting_identity' }, 'clarify')).toBe(
      '"Send the details asked for" is not possible while the request is waiting for proof of identity.',
    );
    expect(refusal({ ...facts, state: 'answered' }, 'answer')).toBe(
      '"Answer" is not possible while the request is answered.',
    );
  });

  it('refuses proof of identity only for a police, insurer or solicitor request, whatever else is asked', () => {
    const open = { state: 'in_progress', extended: true, acknowledged: false } as const;
    expect(refusal({ ...open, kind: 'footage' }, 'ask_identity')).toBeNull();
    expect(refusal({ ...open, kind: 'third_party' }, 'ask_clarification')).toBeNull();
    expect(refusal({ ...open, kind: 'third_party' }, 'answer')).toBeNull();
  });
});

describe('which requests are still owed an answer', () => {
  it('counts the five states before an answer as open, and no other', () => {
    expect(REQUEST_STATES.filter(isOpen)).toEqual([
      'received',
      'awaiting_identity',
      'awaiting_clarification',
      'in_progress',
      'extended',
    ]);
  });

  it('puts requests waiting for proof of identity or for more details under "Awaiting the visitor"', () => {
    expect([...AWAITING_VISITOR_STATES].sort()).toEqual(['awaiting_clarification', 'awaiting_identity']);
  });

  // UK GDPR Article 12(4): a controller that does not act on a request tells the person why.
  it('asks for reasons with every outcome that refuses part or all of a request', () => {
    expect(outcomeNeedsReasons('disclosed')).toBe(false);
    expect(outcomeNeedsReasons('no_footage')).toBe(false);
    for (const outcome of ['partly_disclosed', 'refused_unfounded', 'refused_excessive', 'exempt'] as const) {
      expect(outcomeNeedsReasons(outcome)).toBe(true);
    }
  });
});

// The words the operator starts from when they answer a request or ask the visitor for something:
// drafts, edited on the request's page before they are sent. Pure and without zod, so the web app
// can draft them as the operator chooses an outcome.
//
// What every answer must say comes from the law and the ICO:
// - UK GDPR Art. 12(4): a controller that does not act on a request tells the person, without delay,
//   "the reasons for not taking action and on the possibility of lodging a complaint with a
//   supervisory authority and seeking a judicial remedy". The drafts name the ICO in every outcome,
//   not only refusals: the person may be unhappy with any answer.
// - UK GDPR Art. 12(5)(b): a "manifestly unfounded or excessive" request may be refused; the
//   controller must be able to show why.
// - UK GDPR Art. 15(3) and the ICO's right-of-access guidance ("What should we consider when
//   responding to a request?"): give a copy in the form the person asked for where reasonable;
//   other people's data may be withheld or blurred (DPA 2018 Sch. 2 para. 16).
// - ICO, "Make a complaint": https://ico.org.uk/make-a-complaint, helpline 0303 123 1113.

import { formatUkDate } from './dates';
import type { Outcome, PreferredForm } from './request-lifecycle';

export const ICO_COMPLAINT_URL = 'ico.org.uk/make-a-complaint';
export const ICO_HELPLINE = '0303 123 1113';

/** The right to complain, closing every answer (UK GDPR Art. 12(4)). */
export const icoParagraph =
  'If you are unhappy with how we have handled your request, you have the right to complain to the ' +
  `Information Commissioner's Office (ICO): ${ICO_COMPLAINT_URL}, or telephone ${ICO_HELPLINE}. ` +
  'You may also ask a court to order us to comply with your right of access.';

/** The facts of a request a letter is drafted from. */
export interface LetterFacts {
  reference: string;
  visitorName: string;
  /** Who answers: the company, or the site when the company's name is not at hand. */
  operator: string;
  siteName: string;
  /** When the request arrived: an ISO instant or calendar date. */
  receivedAt: string;
  footageDate: string | null;
  timeFrom: string | null;
  timeTo: string | null;
  preferredForm: PreferredForm | null;
  representative: boolean;
}

/** Words to be replaced before sending are written in square brackets. */
const PLACEHOLDER = /\[[^\]\n]+\]/;

/** Whether a draft still holds words in [square brackets] that the operator must replace. */
export function hasPlaceholders(text: string): boolean {
  return PLACEHOLDER.test(text);
}

export const letterMessages = {
  placeholders: 'Replace the words in [square brackets] with your own before sending.',
} as const;

function footageWords(facts: LetterFacts): string {
  if (!facts.footageDate) return `the footage you asked for at ${facts.siteName}`;
  const window = facts.timeFrom && facts.timeTo ? ` between ${facts.timeFrom} and ${facts.timeTo}` : '';
  return `the footage of you at ${facts.siteName} on ${formatUkDate(facts.footageDate)}${window}`;
}

function howSent(form: PreferredForm | null): string {
  switch (form) {
    case 'viewing':
      return 'You asked to view it in person: please reply with days and times that suit you, and we will arrange it at [where you can view it].';
    case 'stills':
      return 'You asked for still pictures: they are [attached / enclosed].';
    default:
      return 'A copy of the recording is [attached / available to download at ...].';
  }
}

const bodies: Record<Outcome, (facts: LetterFacts) => string[]> = {
  disclosed: (facts) => [
    `We have found ${footageWords(facts)}, and we are giving you all of it.`,
    howSent(facts.preferredForm),
    'Where other people can be recognised, we have blurred them to protect their privacy.',
  ],
  partly_disclosed: (facts) => [
    `We have found ${footageWords(facts)}. We are giving you part of it, and withholding the rest.`,
    howSent(facts.preferredForm),
    'We have withheld [what was withheld] because [the reasons, and the exemption or the other people whose privacy it protects].',
  ],
  no_footage: (facts) => [
    `We have searched our recordings for ${footageWords(facts)}, and we hold no footage of you from that time.`,
    '[Why: for example, the recorder had already overwritten it, kept for N days, or no camera covers that place.]',
  ],
  refused_unfounded: () => [
    'We are refusing your request because we consider it manifestly unfounded (UK GDPR Article 12(5)).',
    'Our reasons: [why the request is manifestly unfounded].',
  ],
  refused_excessive: () => [
    'We are refusing your request because we consider it manifestly excessive (UK GDPR Article 12(5)).',
    'Our reasons: [why the request is manifestly excessive, for example that it repeats a request we have already answered].',
  ],
  exempt: () => [
    'We are not giving you the footage because an exemption in the Data Protection Act 2018 applies.',
    'The exemption: [which exemption, for example Schedule 2 paragraph 2, the prevention or detection of crime], and why it applies: [the reasons].',
  ],
};

/** The reply letter for an outcome, for the operator to edit; always naming the right to complain to the ICO. */
export function draftReplyLetter(outcome: Outcome, facts: LetterFacts): string {
  return [
    `Dear ${facts.visitorName},`,
    `Your request ${facts.reference}, received on ${formatUkDate(facts.receivedAt)}`,
    ...bodies[outcome](facts),
    icoParagraph,
    `Yours sincerely,\n${facts.operator}`,
  ].join('\n\n');
}

/** What the operator asks the visitor for, or tells them, with an action that needs words. */
export type AskingAction = 'ask_identity' | 'ask_clarification' | 'extend';

/** The draft of the words sent with an asking action. */
export function draftActionText(action: AskingAction, facts: LetterFacts): string {
  switch (action) {
    case 'ask_identity':
      return facts.representative
        ? 'You asked on behalf of someone else. Before we can send their footage we need proof that you may act for them: [for example a letter of authority they have signed, or for a child under 16 proof that you have parental responsibility], and proof of your own identity. Please send them through your request’s page.'
        : 'Before we send footage of you we need to be sure it is you: please send a copy of one document that shows your name and a recent photograph of you (for example a passport or a driving licence) through your request’s page. [Anything else you need.]';
    case 'ask_clarification':
      return 'To find the footage, please tell us: [what you need to know, for example the time more exactly, or which entrance you used].';
    case 'extend':
      return `Your request ${facts.reference} needs more time, so we are extending the time to answer by up to two further months (UK GDPR Article 12(3)). The reasons: [why the request is complex, or the number of requests].`;
  }
}

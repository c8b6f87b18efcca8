// The one lifecycle of a request to an operator (footage of me, a question, a complaint, or a
// police / insurer / solicitor request), written once and used by the API, which enforces it, and
// the web app, which offers only the actions it allows. Without zod, so the visitor's page can use
// it without loading the schemas (docs/decisions/0030).

export const REQUEST_KINDS = ['footage', 'question', 'complaint', 'third_party'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const requestKindLabels: Record<RequestKind, string> = {
  footage: 'A copy of footage of me',
  question: 'A question',
  complaint: 'A complaint',
  third_party: 'I am from the police, an insurer or a solicitor',
};

/** How the visitor would like to receive footage (ICO: ask which form the person prefers). */
export const PREFERRED_FORMS = ['copy', 'viewing', 'stills'] as const;
export type PreferredForm = (typeof PREFERRED_FORMS)[number];
export const preferredFormLabels: Record<PreferredForm, string> = {
  copy: 'A copy of the recording',
  viewing: 'Viewing it in person',
  stills: 'Still pictures',
};

export const REQUEST_STATES = [
  'received',
  'awaiting_identity',
  'awaiting_clarification',
  'in_progress',
  'extended',
  'answered',
  'closed',
  'withdrawn',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** The state in the visitor's and the operator's words. */
export const requestStateLabels: Record<RequestState, string> = {
  received: 'Received',
  awaiting_identity: 'Waiting for proof of identity',
  awaiting_clarification: 'Waiting for more details',
  in_progress: 'Being dealt with',
  extended: 'Extended',
  answered: 'Answered',
  closed: 'Closed',
  withdrawn: 'Withdrawn',
};

/** States in which the operator still owes an answer. */
export const OPEN_STATES: readonly RequestState[] = [
  'received',
  'awaiting_identity',
  'awaiting_clarification',
  'in_progress',
  'extended',
];
/** Open states in which the clock waits for the visitor (identity, or a clarification). */
export const AWAITING_VISITOR_STATES: readonly RequestState[] = [
  'awaiting_identity',
  'awaiting_clarification',
];
export const isOpen = (state: RequestState) => OPEN_STATES.includes(state);

export const OUTCOMES = [
  'disclosed',
  'partly_disclosed',
  'no_footage',
  'refused_unfounded',
  'refused_excessive',
  'exempt',
] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const outcomeLabels: Record<Outcome, string> = {
  disclosed: 'Footage disclosed',
  partly_disclosed: 'Partly disclosed',
  no_footage: 'No footage held',
  refused_unfounded: 'Refused: manifestly unfounded',
  refused_excessive: 'Refused: manifestly excessive',
  exempt: 'Refused: an exemption applies',
};
/** Outcomes that refuse some or all of the request must say why (UK GDPR Art. 12(4)). */
export const outcomeNeedsReasons = (outcome: Outcome) => outcome !== 'disclosed' && outcome !== 'no_footage';

/** Where the operator saved the footage so the recorder cannot overwrite it. */
export const SAVED_WAYS = ['exported', 'locked', 'uploaded'] as const;
export type SavedWay = (typeof SAVED_WAYS)[number];
export const savedWayLabels: Record<SavedWay, string> = {
  exported: 'Exported from the recorder',
  locked: 'Locked on the recorder',
  uploaded: 'Uploaded here',
};

/** What someone can do to a request; each action is one entry in its history. */
export const OPERATOR_ACTIONS = [
  'start',
  'ask_identity',
  'ask_clarification',
  'extend',
  'answer',
  'close',
  'acknowledge',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];
export const VISITOR_ACTIONS = ['send_identity', 'clarify', 'withdraw'] as const;
export type VisitorAction = (typeof VISITOR_ACTIONS)[number];
export type RequestAction = OperatorAction | VisitorAction;

export const requestActionLabels: Record<RequestAction, string> = {
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
};

/** The facts of a request that decide which actions it allows. */
export interface LifecycleFacts {
  state: RequestState;
  kind: RequestKind;
  /** Whether an extension has already been taken (there is only one). */
  extended: boolean;
  /** Whether a complaint has been acknowledged. */
  acknowledged: boolean;
}

const from: Record<RequestAction, readonly RequestState[]> = {
  start: ['received'],
  ask_identity: ['received', 'in_progress'],
  ask_clarification: ['received', 'in_progress', 'extended'],
  extend: ['received', 'in_progress'],
  answer: ['received', 'in_progress', 'extended'],
  close: ['answered'],
  acknowledge: OPEN_STATES,
  send_identity: ['awaiting_identity'],
  clarify: ['awaiting_clarification'],
  withdraw: OPEN_STATES,
};

/** Why an action is not allowed now, in words for the person who tried it; null when it is. */
export function refusal(facts: LifecycleFacts, action: RequestAction): string | null {
  if (action === 'acknowledge') {
    if (facts.kind !== 'complaint') return 'Only a complaint is acknowledged.';
    if (facts.acknowledged) return 'This complaint has already been acknowledged.';
  }
  if (action === 'extend' && facts.extended) return 'This request has already been extended.';
  if (action === 'ask_identity' && facts.kind === 'third_party')
    return 'A police, insurer or solicitor request is checked by its own details, not proof of identity.';
  if (!from[action].includes(facts.state)) {
    const label = requestStateLabels[facts.state].toLowerCase();
    return `"${requestActionLabels[action]}" is not possible while the request is ${label}.`;
  }
  return null;
}

/** The state an allowed action leads to. */
export function stateAfter(facts: LifecycleFacts, action: RequestAction): RequestState {
  switch (action) {
    case 'start':
      return 'in_progress';
    case 'ask_identity':
      return 'awaiting_identity';
    case 'ask_clarification':
      return 'awaiting_clarification';
    case 'extend':
      return 'extended';
    case 'answer':
      return 'answered';
    case 'close':
      return 'closed';
    case 'withdraw':
      return 'withdrawn';
    case 'send_identity':
      return 'in_progress';
    case 'clarify':
      return facts.extended ? 'extended' : 'in_progress';
    case 'acknowledge':
      return facts.state;
  }
}

/** The operator's actions the request allows now, in the order the desk offers them. */
export function allowedOperatorActions(facts: LifecycleFacts): OperatorAction[] {
  return OPERATOR_ACTIONS.filter((action) => refusal(facts, action) === null);
}

/** The visitor's actions the request allows now. */
export function allowedVisitorActions(facts: LifecycleFacts): VisitorAction[] {
  return VISITOR_ACTIONS.filter((action) => refusal(facts, action) === null);
}

/** The desk's filters. */
export const DESK_FILTERS = ['open', 'awaiting_visitor', 'due_soon', 'overdue', 'closed'] as const;
export type DeskFilter = (typeof DESK_FILTERS)[number];
export const deskFilterLabels: Record<DeskFilter, string> = {
  open: 'Open',
  awaiting_visitor: 'Awaiting the visitor',
  due_soon: 'Due within 7 days',
  overdue: 'Overdue',
  closed: 'Closed',
};
/** "Due soon" on the desk: the answer is due within this many days. */
export const DUE_SOON_DAYS = 7;

export const requestMessages = {
  notFound: 'Not found',
  linkNotValid:
    'This link does not open a request. Check that you used the whole link from the e-mail; links stop working 90 days after a request is closed.',
  extendTooLate:
    'The request can no longer be extended: an extension must be told to the person within the first month.',
  extendNeedsReason: 'Say why the request needs more time: the person must be told the reasons.',
  reasonsNeeded: 'Say why: the person must be told the reasons for a refusal.',
  notYourRequest: 'Not found',
  footageSaved: 'Footage marked as saved.',
  sent: 'Your message has been sent.',
} as const;

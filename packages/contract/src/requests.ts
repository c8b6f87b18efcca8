// The request desk's calls: the visitor's intake and private page, and the operator's desk.
// The lifecycle itself (states, actions, which action each state allows) is in request-lifecycle.ts.
import {
  DESK_FILTERS,
  OPERATOR_ACTIONS,
  OUTCOMES,
  PREFERRED_FORMS,
  REQUEST_KINDS,
  REQUEST_STATES,
  SAVED_WAYS,
  VISITOR_ACTIONS,
} from './request-lifecycle';
import { isSingleLine, singleLineMessage } from './single-line';
import { z } from './zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date.');
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time like 14:30.');
const line = (label: string, max: number) =>
  z.string().trim().max(max).refine(isSingleLine, singleLineMessage(label)).default('');

// ---- POST /api/signs/{signRef}/contact: a visitor's request, sent from a sign's page
export const requestIntakeBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Please enter your name.')
      .max(100)
      .refine(isSingleLine, singleLineMessage('Your name')),
    email: z
      .string('Please enter a valid e-mail address.')
      .trim()
      // Trimmed before it is judged: an address a phone's keyboard sent with a space after it is kept.
      .pipe(z.email('Please enter a valid e-mail address.').max(254)),
    kind: z.enum(REQUEST_KINDS),
    message: z.string().trim().max(4000).default(''),
    footageDate: isoDate.optional(),
    timeFrom: clockTime.optional(),
    timeTo: clockTime.optional(),
    location: line('Where you were', 400),
    camera: line('Which camera', 200),
    description: z.string().trim().max(2000).default(''),
    preferredForm: z.enum(PREFERRED_FORMS).optional(),
    /** Asking for someone under 16, or on someone else's behalf: their authority is needed. */
    representative: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'footage') {
      if (!body.footageDate)
        ctx.addIssue({ code: 'custom', path: ['footageDate'], message: 'Enter the date.' });
      if (!body.timeFrom || !body.timeTo)
        ctx.addIssue({ code: 'custom', path: ['timeFrom'], message: 'Enter the time window.' });
      if (!body.description)
        ctx.addIssue({
          code: 'custom',
          path: ['description'],
          message: 'Describe yourself so the operator can find you in the recording.',
        });
    } else if (!body.message) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Please write your message.' });
    }
  });
export type RequestIntakeBody = z.input<typeof requestIntakeBody>;
export const requestIntakeReply = z.object({ reference: z.string(), message: z.string() });

/** A date with the plain words that say why it is that date. */
export const explainedDate = z.object({ date: z.string().nullable(), reason: z.string() });
export type ExplainedDate = z.infer<typeof explainedDate>;

export const historyEntry = z.object({
  at: z.string(),
  actor: z.enum(['visitor', 'operator', 'system']),
  actorName: z.string(),
  action: z.string(),
  fromState: z.enum(REQUEST_STATES).nullable(),
  toState: z.enum(REQUEST_STATES).nullable(),
  body: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** What the desk's list shows of each request. */
const listCore = {
  reference: z.string(),
  kind: z.enum(REQUEST_KINDS),
  state: z.enum(REQUEST_STATES),
  outcome: z.enum(OUTCOMES).nullable(),
  siteName: z.string(),
  receivedAt: z.string(),
  footageDate: z.string().nullable(),
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  /** When the answer is due, and why; null date while the clock is paused. */
  due: explainedDate,
  /** Complaints: when it must be acknowledged, and whether it has been. */
  acknowledgeBy: explainedDate.nullable(),
  acknowledged: z.boolean(),
};

/** The whole request, for the visitor's page and the operator's page of one request. */
const requestCore = {
  ...listCore,
  signRef: z.string().nullable(),
  location: z.string(),
  camera: z.string(),
  description: z.string(),
  message: z.string(),
  preferredForm: z.enum(PREFERRED_FORMS).nullable(),
  representative: z.boolean(),
  extension: z.object({ askedOn: z.string(), reason: z.string() }).nullable(),
};

// ---- The visitor's private page: GET /api/requests/visitor/{reference} with the link's secret
export const visitorRequestReply = z.object({
  ...requestCore,
  operator: z.string(),
  /** What the visitor can expect next, in plain words. */
  next: z.string(),
  actions: z.array(z.enum(VISITOR_ACTIONS)),
  history: z.array(historyEntry),
  documents: z.array(z.object({ filename: z.string(), uploadedAt: z.string(), deleted: z.boolean() })),
});
export type VisitorRequest = z.infer<typeof visitorRequestReply>;

export const visitorActionBody = z.strictObject({
  action: z.enum(['clarify', 'withdraw']),
  body: z.string().trim().max(4000).default(''),
});
export type VisitorActionBody = z.input<typeof visitorActionBody>;
export const messageBody = z.strictObject({
  body: z.string().trim().min(1, 'Write your message.').max(4000),
});

// ---- The operator's desk: GET /api/requests
/** What the operator needs to judge a request's urgency, in the list and on its own page. */
const deskFields = {
  id: z.number(),
  visitorName: z.string(),
  /** The day the requested footage would be overwritten; null when not footage or not known. */
  overwrite: explainedDate.nullable(),
  footageSaved: z.object({ at: z.string(), how: z.enum(SAVED_WAYS), note: z.string() }).nullable(),
  overdue: z.boolean(),
  /** The next thing the operator should do, in words. */
  next: z.string(),
};
const deskItem = z.object({ ...listCore, ...deskFields });
export type DeskItem = z.infer<typeof deskItem>;

export const deskQuery = z.object({ filter: z.enum(DESK_FILTERS).default('open') });
export const deskCounts = z.object({
  open: z.number(),
  awaiting_visitor: z.number(),
  due_soon: z.number(),
  overdue: z.number(),
  closed: z.number(),
});
export type DeskCounts = z.infer<typeof deskCounts>;
/** The most urgent page of a filter (at most 100); the totals are the summary's counts. */
export const deskReply = z.object({
  requests: z.array(deskItem),
  /** The UK date the server counted from: the page's countdowns agree with its dates, whatever the device's clock says. */
  today: z.string(),
});
export type DeskReply = z.infer<typeof deskReply>;

// ---- GET /api/requests/summary: the counts beside the menu entry, and the nearest deadline
export const deskSummaryReply = z.object({
  counts: deskCounts,
  nearest: z.object({ id: z.number(), reference: z.string(), date: z.string(), what: z.string() }).nullable(),
});
export type DeskSummary = z.infer<typeof deskSummaryReply>;

// ---- GET /api/requests/{id}
export const deskRequestReply = z.object({
  ...requestCore,
  ...deskFields,
  /** The company's name, to sign the reply letter with. */
  operator: z.string(),
  /** The UK date the server counted from, as in the list. */
  today: z.string(),
  visitorEmail: z.string(),
  actions: z.array(z.enum(OPERATOR_ACTIONS)),
  /** Why "Extend" is not among the actions though the state would take it (too late, proof awaited). */
  extendRefused: z.string().nullable(),
  history: z.array(historyEntry),
  documents: z.array(
    z.object({ id: z.number(), filename: z.string(), uploadedAt: z.string(), deleted: z.boolean() }),
  ),
});
export type DeskRequest = z.infer<typeof deskRequestReply>;

// ---- POST /api/requests/{id}/actions
export const operatorActionBody = z.strictObject({
  action: z.enum(OPERATOR_ACTIONS),
  /** What the visitor is told (the question, the reasons, the reply letter). */
  body: z.string().trim().max(10000).default(''),
  outcome: z.enum(OUTCOMES).optional(),
});
export type OperatorActionBody = z.input<typeof operatorActionBody>;

// ---- POST /api/requests/{id}/footage-saved
export const footageSavedBody = z.strictObject({
  how: z.enum(SAVED_WAYS, { error: 'Say where the footage was saved.' }),
  note: line('Where it is', 400),
});

// ---- GET/PUT /api/requests/notify: which of the company's users are told of new requests
export const notifyReply = z.object({
  users: z.array(
    z.object({ id: z.number(), userName: z.string(), masterUser: z.boolean(), notified: z.boolean() }),
  ),
});
export const notifyBody = z.strictObject({ userIds: z.array(z.number().int().positive()).max(200) });

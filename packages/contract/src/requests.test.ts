import { describe, expect, it } from 'vitest';
import {
  deskQuery,
  deskReply,
  deskRequestReply,
  deskSummaryReply,
  footageSavedBody,
  messageBody,
  notifyBody,
  notifyReply,
  operatorActionBody,
  requestIntakeBody,
  requestIntakeReply,
  visitorActionBody,
  visitorRequestReply,
} from './requests';

// The request desk's bodies as the API reads them and its replies as the web reads them: what is
// accepted (trimmed, defaulted), and what is refused, with the message a visitor or operator sees.

type Schema = {
  safeParse: (input: unknown) => {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
};
const problems = (schema: Schema, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
const fields = (schema: Schema, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((issue) => issue.path.join('.'));

const question = {
  name: 'Ann Smith',
  email: 'ann@example.com',
  kind: 'question',
  message: 'Do you film the car park?',
};
const footage = {
  name: 'Ann Smith',
  email: 'ann@example.com',
  kind: 'footage',
  footageDate: '2026-11-20',
  timeFrom: '14:30',
  timeTo: '15:00',
  description: 'Red coat, blue bag',
};

describe("a visitor's request from a sign", () => {
  it('a question is accepted trimmed, with the fields it did not send left empty', () => {
    expect(requestIntakeBody.parse({ ...question, name: '  Ann Smith ' })).toEqual({
      ...question,
      location: '',
      camera: '',
      description: '',
      representative: false,
    });
  });

  it('a footage request is accepted with its date, time window, description and preferred form', () => {
    expect(requestIntakeBody.parse({ ...footage, preferredForm: 'stills', representative: true })).toEqual({
      ...footage,
      message: '',
      location: '',
      camera: '',
      preferredForm: 'stills',
      representative: true,
    });
  });

  it('keeps an e-mail address typed with spaces around it, trimmed', () => {
    const parsed = requestIntakeBody.safeParse({ ...question, email: '  ann@example.com ' });
    expect(parsed.success && parsed.data.email).toBe('ann@example.com');
  });

  it('refuses a missing name, a bad e-mail address and a question without a message, each with its words', () => {
    expect(problems(requestIntakeBody, { ...question, name: '  ', email: 'ann', message: ' ' })).toEqual([
      'name: Please enter your name.',
      'email: Please enter a valid e-mail address.',
      'message: Please write your message.',
    ]);
    expect(problems(requestIntakeBody, { ...question, message: '  ' })).toEqual([
      'message: Please write your message.',
    ]);
    expect(problems(requestIntakeBody, { ...question, kind: 'complaint', message: '' })).toEqual([
      'message: Please write your message.',
    ]);
  });

  it('a footage request needs the date, the whole time window and a description', () => {
    expect(
      problems(requestIntakeBody, {
        ...footage,
        footageDate: undefined,
        timeTo: undefined,
        description: ' ',
      }),
    ).toEqual([
      'footageDate: Enter the date.',
      'timeFrom: Enter the time window.',
      'description: Describe yourself so the operator can find you in the recording.',
    ]);
    expect(problems(requestIntakeBody, { ...footage, timeFrom: undefined })).toEqual([
      'timeFrom: Enter the time window.',
    ]);
    expect(problems(requestIntakeBody, { ...footage, message: '' })).toEqual([]);
  });

  it('a date is written YYYY-MM-DD and a time HH:MM on the 24-hour clock', () => {
    for (const bad of ['20-11-2026', '2026-11-20x', 'x2026-11-20', '2026-1-20']) {
      expect(problems(requestIntakeBody, { ...footage, footageDate: bad })).toEqual([
        'footageDate: Enter a date.',
      ]);
    }
    for (const good of ['00:00', '09:59', '19:30', '23:59']) {
      expect(problems(requestIntakeBody, { ...footage, timeFrom: good, timeTo: good })).toEqual([]);
    }
    for (const bad of ['24:00', '23:60', '9:30', '14:30x', 'x14:30', '14.30']) {
      expect(problems(requestIntakeBody, { ...footage, timeTo: bad })).toEqual([
        'timeTo: Enter a time like 14:30.',
      ]);
    }
  });

  it('keeps each field within its length: name 100, e-mail 254, message 4,000, where 400, camera 200, description 2,000', () => {
    const long = (n: number) => 'a'.repeat(n);
    const email = (n: number) => `${long(n - '@example.com'.length)}@example.com`;
    const within = {
      ...footage,
      name: long(100),
      email: email(254),
      message: long(4000),
      location: long(400),
      camera: long(200),
      description: long(2000),
    };
    expect(problems(requestIntakeBody, within)).toEqual([]);
    expect(
      fields(requestIntakeBody, {
        ...within,
        name: long(101),
        message: long(4001),
        location: long(401),
        camera: long(201),
        description: long(2001),
      }),
    ).toEqual(['name', 'message', 'location', 'camera', 'description']);
    expect(fields(requestIntakeBody, { ...within, email: email(255) })).toContain('email');
  });

  it('the one-line fields refuse a line break, naming the field', () => {
    expect(
      problems(requestIntakeBody, { ...footage, name: 'Ann\nBcc: x', location: 'Gate\n2', camera: 'Cam\t1' }),
    ).toEqual([
      'name: Your name must be on one line, without line breaks or control characters.',
      'location: Where you were must be on one line, without line breaks or control characters.',
      'camera: Which camera must be on one line, without line breaks or control characters.',
    ]);
  });

  it('refuses a request sent without an e-mail address, or with something other than text, in the same words as a bad address', () => {
    const { email: _email, ...noEmail } = question;
    expect(problems(requestIntakeBody, noEmail)).toEqual(['email: Please enter a valid e-mail address.']);
    expect(problems(requestIntakeBody, { ...question, email: 42 })).toEqual([
      'email: Please enter a valid e-mail address.',
    ]);
  });

  it('the reply to a request sent gives the visitor its reference and the words to show', () => {
    const reply = { reference: 'R-2026-ABCD', message: 'Your request has been sent.' };
    expect(requestIntakeReply.parse(reply)).toEqual(reply);
    expect(fields(requestIntakeReply, { message: 'Your request has been sent.' })).toEqual(['reference']);
  });

  it('refuses a kind or a preferred form it does not know', () => {
    expect(fields(requestIntakeBody, { ...question, kind: 'gossip' })).toEqual(['kind']);
    expect(fields(requestIntakeBody, { ...footage, preferredForm: 'dvd' })).toEqual(['preferredForm']);
  });
});

describe("the visitor's and the operator's answers", () => {
  it('a visitor clarifies or withdraws, with a message of at most 4,000 characters, trimmed', () => {
    expect(visitorActionBody.parse({ action: 'withdraw' })).toEqual({ action: 'withdraw', body: '' });
    expect(visitorActionBody.parse({ action: 'clarify', body: ' Blue car ' })).toEqual({
      action: 'clarify',
      body: 'Blue car',
    });
    expect(fields(visitorActionBody, { action: 'clarify', body: 'a'.repeat(4001) })).toEqual(['body']);
    expect(fields(visitorActionBody, { action: 'send_identity' })).toEqual(['action']);
    expect(fields(visitorActionBody, { action: 'clarify', extra: 1 })).toEqual(['']);
  });

  it('a message must say something and fit 4,000 characters', () => {
    expect(messageBody.parse({ body: ' Thanks ' })).toEqual({ body: 'Thanks' });
    expect(problems(messageBody, { body: '   ' })).toEqual(['body: Write your message.']);
    expect(messageBody.parse({ body: 'a'.repeat(4000) }).body).toHaveLength(4000);
    expect(fields(messageBody, { body: 'a'.repeat(4001) })).toEqual(['body']);
    expect(fields(messageBody, { body: 'x', extra: 1 })).toEqual(['']);
  });

  it("an operator's action carries up to 10,000 characters and an outcome", () => {
    expect(operatorActionBody.parse({ action: 'start' })).toEqual({ action: 'start', body: '' });
    expect(operatorActionBody.parse({ action: 'close', body: ' Done ', outcome: 'disclosed' })).toEqual({
      action: 'close',
      body: 'Done',
      outcome: 'disclosed',
    });
    expect(operatorActionBody.parse({ action: 'start', body: 'a'.repeat(10000) }).body).toHaveLength(10000);
    expect(fields(operatorActionBody, { action: 'start', body: 'a'.repeat(10001) })).toEqual(['body']);
    expect(fields(operatorActionBody, { action: 'close', outcome: 'lost' })).toEqual(['outcome']);
    expect(fields(operatorActionBody, { action: 'start', extra: 1 })).toEqual(['']);
  });

  it('saved footage says how, with a one-line note of where of at most 400 characters', () => {
    expect(footageSavedBody.parse({ how: 'exported' })).toEqual({ how: 'exported', note: '' });
    expect(footageSavedBody.parse({ how: 'locked', note: ' Locked on the recorder ' })).toEqual({
      how: 'locked',
      note: 'Locked on the recorder',
    });
    expect(problems(footageSavedBody, { how: 'burnt' })).toEqual(['how: Say where the footage was saved.']);
    expect(problems(footageSavedBody, { how: 'uploaded', note: 'Shelf\n2' })).toEqual([
      'note: Where it is must be on one line, without line breaks or control characters.',
    ]);
    expect(footageSavedBody.parse({ how: 'uploaded', note: 'a'.repeat(400) }).note).toHaveLength(400);
    expect(fields(footageSavedBody, { how: 'uploaded', note: 'a'.repeat(401) })).toEqual(['note']);
  });

  it('who is told of new requests: up to 200 positive whole user ids', () => {
    expect(notifyBody.parse({ userIds: [1, 2] })).toEqual({ userIds: [1, 2] });
    expect(notifyBody.parse({ userIds: Array.from({ length: 200 }, (_, i) => i + 1) }).userIds).toHaveLength(
      200,
    );
    expect(fields(notifyBody, { userIds: Array.from({ length: 201 }, (_, i) => i + 1) })).toEqual([
      'userIds',
    ]);
    expect(fields(notifyBody, { userIds: [0, 1.5] })).toEqual(['userIds.0', 'userIds.1']);
    expect(fields(notifyBody, { userIds: [], extra: 1 })).toEqual(['']);
  });

  it('the desk lists the open requests unless a filter is asked for', () => {
    expect(deskQuery.parse({})).toEqual({ filter: 'open' });
    expect(deskQuery.parse({ filter: 'overdue' })).toEqual({ filter: 'overdue' });
    expect(fields(deskQuery, { filter: 'all' })).toEqual(['filter']);
  });
});

describe('what the web reads from the desk and the visitor page', () => {
  const due = {
    date: '2026-12-21',
    reason: 'due 21 December 2026: one month from receipt on 20 November 2026',
  };
  const history = [
    {
      at: '2026-11-20T10:00:00Z',
      actor: 'visitor',
      actorName: 'Ann Smith',
      action: 'submitted',
      fromState: null,
      toState: 'received',
      body: '',
    },
  ];
  const listed = {
    reference: 'R-2026-ABCD',
    kind: 'footage',
    state: 'received',
    outcome: null,
    siteName: 'Car park',
    receivedAt: '2026-11-20T10:00:00Z',
    footageDate: '2026-11-19',
    timeFrom: '14:30',
    timeTo: '15:00',
    due,
    acknowledgeBy: null,
    acknowledged: false,
  };
  const whole = {
    ...listed,
    signRef: 'S-1',
    location: 'Gate',
    camera: 'Cam 1',
    description: 'Red coat',
    message: '',
    preferredForm: 'copy',
    representative: false,
    extension: { askedOn: '2026-11-25', reason: 'Several requests' },
  };
  const desk = {
    id: 7,
    visitorName: 'Ann Smith',
    overwrite: { date: '2026-12-19', reason: 'the recorder keeps 30 days' },
    footageSaved: { at: '2026-11-21T09:00:00Z', how: 'exported', note: 'USB stick' },
    overdue: false,
    next: 'Find the footage',
  };

  it("the visitor's page keeps every field the API sends", () => {
    const page = {
      ...whole,
      operator: 'Acme Ltd',
      next: 'The operator is looking for your footage.',
      actions: ['withdraw'],
      history,
      documents: [{ filename: 'id.pdf', uploadedAt: '2026-11-20T11:00:00Z', deleted: false }],
    };
    expect(visitorRequestReply.parse(page)).toEqual(page);
    expect(fields(visitorRequestReply, { ...page, actions: ['close'] })).toEqual(['actions.0']);
  });

  it("the desk's list, its counts and nearest deadline, and one request's page keep every field", () => {
    const list = { requests: [{ ...listed, ...desk }], today: '2026-11-28' };
    expect(deskReply.parse(list)).toEqual(list);
    const summary = {
      counts: { open: 3, awaiting_visitor: 1, due_soon: 1, overdue: 0, closed: 9 },
      nearest: { id: 7, reference: 'R-2026-ABCD', date: '2026-12-21', what: 'answer due' },
    };
    expect(deskSummaryReply.parse(summary)).toEqual(summary);
    expect(deskSummaryReply.parse({ ...summary, nearest: null })).toEqual({ ...summary, nearest: null });
    const page = {
      ...whole,
      ...desk,
      operator: 'Acme Ltd',
      today: '2026-11-28',
      visitorEmail: 'ann@example.com',
      actions: ['start'],
      extendRefused: 'proof of identity is awaited',
      history,
      documents: [{ id: 3, filename: 'id.pdf', uploadedAt: '2026-11-20T11:00:00Z', deleted: true }],
    };
    expect(deskRequestReply.parse(page)).toEqual(page);
    const users = { users: [{ id: 1, userName: 'boss', masterUser: true, notified: true }] };
    expect(notifyReply.parse(users)).toEqual(users);
  });

  it("a request's history names who acted: the visitor, the operator or the system, and no one else", () => {
    const entries = (['visitor', 'operator', 'system'] as const).map((actor) => ({
      ...history[0],
      actor,
      actorName: actor === 'operator' ? 'Acme Ltd' : actor === 'system' ? '' : 'Ann Smith',
    }));
    const page = {
      ...whole,
      operator: 'Acme Ltd',
      next: 'The operator is looking for your footage.',
      actions: [],
      history: entries,
      documents: [],
    };
    expect(visitorRequestReply.parse(page).history.map((entry) => entry.actor)).toEqual([
      'visitor',
      'operator',
      'system',
    ]);
    expect(fields(visitorRequestReply, { ...page, history: [{ ...history[0], actor: 'admin' }] })).toEqual([
      'history.0.actor',
    ]);
  });

  it('a reply missing a field is refused rather than shown half empty', () => {
    const { due: _due, ...noDue } = listed;
    expect(fields(deskReply, { requests: [{ ...noDue, ...desk }], today: '2026-11-28' })).toEqual([
      'requests.0.due',
    ]);
    expect(fields(deskSummaryReply, { counts: { open: 1 }, nearest: null })).toEqual([
      'counts.awaiting_visitor',
      'counts.due_soon',
      'counts.overdue',
      'counts.closed',
    ]);
  });
});

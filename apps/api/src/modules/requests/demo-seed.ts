import { defaultBrand } from '@app/brands';
import type { Seed } from '../../db/seed';
import type { ResolvedEnv } from '../../env';
import { DEMO_ACCOUNT, DEMO_STICKERS } from '../users/demo-seed';
import { findUserById } from '../users/repository';
import { requestByReference } from './repository';
import { footageSaved, operatorAction, receiveRequest, visitorAction, visitorSecret } from './service';
import { receiveOfficialRequest } from './third-party-service';

const DAY = 86_400_000;
const ukDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);

interface DemoRequest {
  /** Received this many days ago. */
  daysAgo: number;
  kind: 'footage' | 'question' | 'complaint' | 'third_party';
  name: string;
  message?: string;
  /** For footage: recorded this many days before it was received. */
  recordedBefore?: number;
  description?: string;
  /** What happened after, in order, each a day after the last. */
  after: (
    | {
        operator:
          | 'start'
          | 'ask_identity'
          | 'ask_clarification'
          | 'extend'
          | 'answer'
          | 'close'
          | 'acknowledge';
        body?: string;
        outcome?: 'disclosed' | 'no_footage';
      }
    | { visitor: 'clarify' | 'withdraw'; body?: string }
    | { saved: 'exported' | 'locked' }
  )[];
}

/** One request in each state the desk shows, so `npm start` shows the desk working. */
const DEMO_REQUESTS: DemoRequest[] = [
  {
    daysAgo: 1,
    kind: 'footage',
    name: 'Priya Shah',
    recordedBefore: 26,
    description: 'Green jacket, pushing a pram, about 10:05 by the pay machine.',
    after: [],
  },
  {
    daysAgo: 3,
    kind: 'footage',
    name: 'Tom Reid',
    recordedBefore: 2,
    description: 'Silver estate car reversing into bay 12.',
    after: [
      {
        operator: 'ask_identity',
        body: 'Please send a photo of your driving licence, so we know the footage is yours.',
      },
    ],
  },
  {
    daysAgo: 6,
    kind: 'footage',
    name: 'Ana Costa',
    recordedBefore: 1,
    description: 'Red umbrella.',
    after: [
      { saved: 'exported' },
      { operator: 'ask_clarification', body: 'Which entrance did you use: Lantern Row or the side gate?' },
    ],
  },
  {
    daysAgo: 24,
    kind: 'footage',
    name: 'Lee Walker',
    recordedBefore: 1,
    description: 'Blue hoodie, on a bicycle, around 17:30.',
    after: [{ saved: 'locked' }, { operator: 'start' }],
  },
  {
    daysAgo: 33,
    kind: 'footage',
    name: 'Morgan Hale',
    recordedBefore: 3,
    description: 'Black coat, walking a dog.',
    after: [{ saved: 'exported' }, { operator: 'start' }],
  },
  {
    daysAgo: 20,
    kind: 'footage',
    name: 'Chris Ndlovu',
    recordedBefore: 2,
    description: 'White van, delivery at about 06:40.',
    after: [
      { saved: 'exported' },
      {
        operator: 'extend',
        body: 'Your request covers eleven cameras over two days; we need more time to find and blur other people.',
      },
    ],
  },
  {
    daysAgo: 40,
    kind: 'footage',
    name: 'Jamie Fox',
    recordedBefore: 1,
    description: 'Yellow cycling jacket.',
    after: [
      { saved: 'exported' },
      {
        operator: 'answer',
        outcome: 'disclosed',
        body: "Dear Jamie Fox,\n\nWe enclose the footage you asked for. If you are unhappy with this answer, you can complain to the Information Commissioner's Office: https://ico.org.uk/make-a-complaint.",
      },
    ],
  },
  {
    daysAgo: 50,
    kind: 'question',
    name: 'Sam Okafor',
    message: 'How long do you keep the recordings of the car park?',
    after: [
      {
        operator: 'answer',
        outcome: 'no_footage',
        body: "Dear Sam Okafor,\n\nWe keep recordings for 30 days. You can complain to the Information Commissioner's Office: https://ico.org.uk/make-a-complaint.",
      },
      { operator: 'close' },
    ],
  },
  {
    daysAgo: 8,
    kind: 'footage',
    name: 'Robin Price',
    recordedBefore: 1,
    description: 'Grey suit.',
    after: [{ visitor: 'withdraw' }],
  },
  {
    daysAgo: 4,
    kind: 'complaint',
    name: 'Alex Byrne',
    message: 'The camera on the corner points straight into my kitchen window.',
    after: [],
  },
  {
    daysAgo: 2,
    kind: 'third_party',
    name: 'PC Dana Wells',
    message: 'Level 1 and the exit barrier, 22:00 to 22:40. Please keep the footage.',
    after: [],
  },
];

/**
 * The demo operator's requests, in every state, made through the desk's own calls on a clock set
 * back to when each would have happened. Never in production; only once (no request yet).
 */
export const demoRequestsSeed: Seed = {
  name: 'demo requests',
  async run(db, env) {
    if (env.nodeEnv === 'production' || !env.jwtSecret) return;
    const resolved: ResolvedEnv = { ...env, jwtSecret: env.jwtSecret };
    const master = await db.maybeOne<{ id: number; company_id: number }>(
      'select id, company_id from users where user_name = $1',
      [DEMO_ACCOUNT.userName],
    );
    if (!master) return;
    const existing = await db.one<{ n: number }>(
      'select count(*)::int as n from relay_requests where company_id = $1',
      [master.company_id],
    );
    if (existing.n > 0) return;
    const user = await findUserById(db, master.id);
    if (!user) return;
    const ctx = { db, env: resolved };
    const now = Date.now();
    // The mails of these made-up requests were "sent" long ago: none is left for the outbox.
    const { last } = await db.one<{ last: number }>(
      'select coalesce(max(id), 0)::int as last from mail_outbox',
    );
    for (const demo of DEMO_REQUESTS) {
      let at = new Date(now - demo.daysAgo * DAY + 9 * 3_600_000);
      const recorded = ukDay(new Date(at.getTime() - (demo.recordedBefore ?? 0) * DAY));
      const email = `${demo.name.split(' ')[0]?.toLowerCase() ?? 'visitor'}@example.org`;
      // The police request comes through its own form, awaiting the operator's decision (docs/decisions/0052).
      const { reference } =
        demo.kind === 'third_party'
          ? await receiveOfficialRequest(
              ctx,
              defaultBrand,
              DEMO_STICKERS[0].signRef,
              {
                requester: 'police',
                name: demo.name,
                collarNumber: '4821',
                force: 'West Yorkshire Police',
                station: 'Leeds District',
                email: 'dana.wells@westyorkshire.police.uk',
                crimeReference: '13/120345/26',
                offence: 'Theft from a motor vehicle',
                incidentDate: ukDay(new Date(at.getTime() - DAY)),
                incidentTime: '22:15',
                incidentPlace: 'Lantern Row car park, level 1',
                authorisingName: 'Sam Okafor',
                authorisingRank: 'inspector',
                message: demo.message ?? '',
              },
              undefined,
              at,
            )
          : await receiveRequest(
              ctx,
              defaultBrand,
              DEMO_STICKERS[0].signRef,
              demo.kind === 'footage'
                ? {
                    name: demo.name,
                    email,
                    kind: 'footage',
                    message: '',
                    footageDate: recorded,
                    timeFrom: '10:00',
                    timeTo: '10:30',
                    location: 'Lantern Row car park',
                    camera: '',
                    description: demo.description ?? '',
                    preferredForm: 'copy',
                    representative: false,
                  }
                : {
                    name: demo.name,
                    email,
                    kind: demo.kind,
                    message: demo.message ?? '',
                    location: '',
                    camera: '',
                    description: '',
                    representative: false,
                  },
              at,
            );
      const id = (await requestByReference(db, reference))?.id ?? 0;
      for (const step of demo.after) {
        at = new Date(at.getTime() + DAY);
        if ('operator' in step) {
          await operatorAction(
            ctx,
            user,
            id,
            { action: step.operator, body: step.body ?? '', outcome: step.outcome },
            at,
          );
        } else if ('saved' in step) {
          await footageSaved(ctx, user, id, { how: step.saved, note: '' }, at);
        } else {
          const secret = await visitorSecret(db, resolved, reference);
          await visitorAction(ctx, reference, secret, { action: step.visitor, body: step.body ?? '' }, at);
        }
      }
    }
    await db.query('delete from mail_outbox where id > $1 and sent_at is null', [last]);
  },
};

// Requests from the police, insurers and solicitors (docs/decisions/0052): their own form on a
// sign's page, and the operator's recorded decision. Disclosure to them is permitted, never required,
// by the Data Protection Act 2018, Schedule 2, Part 1: paragraph 2 (crime) and paragraph 5 (legal
// proceedings and advice, or required by law); the operator decides case by case and records why.
import { isSingleLine, singleLineMessage } from './single-line';
import { z } from './zod';

export const REQUESTERS = ['police', 'insurer', 'solicitor'] as const;
export type Requester = (typeof REQUESTERS)[number];
export const requesterLabels: Record<Requester, string> = {
  police: 'The police',
  insurer: 'An insurer',
  solicitor: 'A solicitor',
};

/**
 * Ranks that may authorise a police request: inspector and above, as on the forces' own data
 * protection request forms (the Metropolitan Police's and City of London's names in brackets).
 */
export const AUTHORISING_RANKS = [
  'inspector',
  'chief_inspector',
  'superintendent',
  'chief_superintendent',
  'assistant_chief_constable',
  'deputy_chief_constable',
  'chief_constable',
] as const;
export type AuthorisingRank = (typeof AUTHORISING_RANKS)[number];
export const authorisingRankLabels: Record<AuthorisingRank, string> = {
  inspector: 'Inspector',
  chief_inspector: 'Chief Inspector',
  superintendent: 'Superintendent',
  chief_superintendent: 'Chief Superintendent',
  assistant_chief_constable: 'Assistant Chief Constable (Commander)',
  deputy_chief_constable: 'Deputy Chief Constable (Deputy Assistant Commissioner)',
  chief_constable: 'Chief Constable (Commissioner)',
};

/** The lawful basis for disclosing, as the history records it (its code) and people read it (its label). */
export const THIRD_PARTY_BASES = ['crime', 'legal_claims', 'required_by_law'] as const;
export type ThirdPartyBasis = (typeof THIRD_PARTY_BASES)[number];
export const thirdPartyBasisLabels: Record<ThirdPartyBasis, string> = {
  crime:
    'Prevention or detection of crime, or catching or prosecuting offenders (DPA 2018, Schedule 2, paragraph 2)',
  legal_claims:
    'Legal proceedings, legal advice, or establishing, exercising or defending legal rights (DPA 2018, Schedule 2, paragraph 5(3))',
  required_by_law: 'Required by law or by a court order (DPA 2018, Schedule 2, paragraph 5(2))',
};
/** The basis a requester's form points to; the operator may record another. */
export const basisOfRequester = (requester: Requester): ThirdPartyBasis =>
  requester === 'police' ? 'crime' : 'legal_claims';

/** Bases an insurer or a solicitor may claim on the form. */
export const LEGAL_BASES = ['legal_claims', 'required_by_law'] as const;

export const THIRD_PARTY_DECISIONS = ['disclose', 'decline'] as const;
export type ThirdPartyDecision = (typeof THIRD_PARTY_DECISIONS)[number];

/** Reasons the operator chooses from (as many as apply), each with written words besides. */
export const THIRD_PARTY_REASONS = [
  'specific',
  'necessary',
  'authorised',
  'identity_checked',
  'authority_shown',
  'minimised',
  'too_broad',
  'not_necessary',
  'not_authorised',
  'identity_not_checked',
  'no_authority',
  'others_affected',
  'no_footage',
] as const;
export type ThirdPartyReason = (typeof THIRD_PARTY_REASONS)[number];
export const thirdPartyReasonLabels: Record<ThirdPartyReason, string> = {
  specific: 'The request is specific: date, time, place and purpose given',
  necessary: 'Not disclosing would be likely to prejudice the purpose given',
  authorised: 'Authorised by an officer of inspector rank or above',
  identity_checked: 'The requester and their organisation were checked',
  authority_shown: "The client's signed authority was provided",
  minimised: 'Only the footage needed is disclosed; other people are obscured or cut',
  too_broad: 'The request is too broad or not specific enough',
  not_necessary: 'Disclosure is not shown to be necessary for the purpose given',
  not_authorised: 'Not authorised at inspector rank or above',
  identity_not_checked: 'The requester or their organisation could not be checked',
  no_authority: 'No valid authority from the client was provided',
  others_affected: 'Disclosure would unfairly affect other people in the footage',
  no_footage: 'No footage of the incident is held (not recorded, or already overwritten)',
};
/** The reasons offered beside each decision. */
export const reasonsFor: Record<ThirdPartyDecision, readonly ThirdPartyReason[]> = {
  disclose: ['specific', 'necessary', 'authorised', 'identity_checked', 'authority_shown', 'minimised'],
  decline: [
    'too_broad',
    'not_necessary',
    'not_authorised',
    'identity_not_checked',
    'no_authority',
    'others_affected',
    'no_footage',
  ],
};

/** The history entries of this desk (docs/decisions/0052 gives their `detail`). */
export const thirdPartyActions = {
  received: 'third_party_received',
  disclosed: 'third_party_disclosed',
  declined: 'third_party_declined',
  handedOver: 'handed_over_outside',
} as const;

/** Written reasons are the record of the decision: a few words are not enough. */
export const REASONS_TEXT_MIN = 20;

const text = (label: string, max: number, message = `Enter ${label.toLowerCase()}.`) =>
  z.string().trim().min(1, message).max(max).refine(isSingleLine, singleLineMessage(label));
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date.');
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time like 14:30.');
const email = z
  .string('Please enter a valid e-mail address.')
  .trim()
  // Trimmed before it is judged: an address a phone's keyboard sent with a space after it is kept.
  .pipe(z.email('Please enter a valid e-mail address.').max(254));
const footageNeeded = z.string().trim().min(1, 'Say which footage you need.').max(4000);

// ---- POST /api/signs/{signRef}/official: multipart, `data` (this JSON) and, for an insurer or
// a solicitor, one `uploadFile` (the client's authority: a PDF or JPEG, at most 10 MB).
const policeBody = z.strictObject({
  requester: z.literal('police'),
  name: text("Officer's name", 100, "Enter the officer's name."),
  collarNumber: text('Collar number', 20, 'Enter the collar number.'),
  force: text('Force', 100, 'Enter the force.'),
  station: text('Station', 100, 'Enter the station.'),
  email,
  crimeReference: text('Crime reference', 60, 'Enter the crime reference.'),
  offence: text('Offence', 200, 'Enter the offence.'),
  incidentDate: isoDate,
  incidentTime: clockTime,
  incidentPlace: text('Place', 400, 'Enter where the incident happened.'),
  authorisingName: text("Authorising officer's name", 100, "Enter the authorising officer's name."),
  authorisingRank: z.enum(AUTHORISING_RANKS, {
    error: 'Choose the authorising officer’s rank: inspector or above.',
  }),
  message: footageNeeded,
});
const legalBody = z.strictObject({
  requester: z.enum(['insurer', 'solicitor']),
  name: text('Your name', 100, 'Enter your name.'),
  firm: text('Firm', 200, 'Enter the firm.'),
  email,
  caseReference: text('Claim or case reference', 60, 'Enter the claim or case reference.'),
  legalBasis: z.enum(LEGAL_BASES, { error: 'Choose the legal basis.' }),
  incidentDate: isoDate.optional(),
  incidentPlace: z.string().trim().max(400).refine(isSingleLine, singleLineMessage('Place')).default(''),
  message: footageNeeded,
});
export const officialRequestBody = z.discriminatedUnion('requester', [policeBody, legalBody], {
  error: 'Choose who you are asking for.',
});
export type OfficialRequestBody = z.input<typeof officialRequestBody>;
export type OfficialRequest = z.output<typeof officialRequestBody>;
export const officialRequestMessages = {
  authorityNeeded: "Attach your client's signed authority: a PDF or a JPEG photo.",
  oneFile: 'Attach one file only.',
  policeNoFile: 'A police request takes no attachment.',
} as const;

// ---- GET /api/requests/{id}/third-party: what the requester gave, and the decision so far
export const thirdPartyReply = z.object({
  requester: z.enum(REQUESTERS),
  /** The form's fields, as sent (without the requester's kind). */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  basis: z.enum(THIRD_PARTY_BASES),
  decision: z
    .object({
      decision: z.enum(THIRD_PARTY_DECISIONS),
      basis: z.enum(THIRD_PARTY_BASES),
      reasons: z.array(z.enum(THIRD_PARTY_REASONS)),
      reasonsText: z.string(),
      at: z.string(),
      by: z.string(),
    })
    .nullable(),
  handedOver: z
    .object({ what: z.string(), when: z.string(), toWhom: z.string(), how: z.string(), at: z.string() })
    .nullable(),
});
export type ThirdPartyView = z.infer<typeof thirdPartyReply>;

// ---- POST /api/requests/{id}/third-party/decision (master users)
export const thirdPartyDecisionBody = z
  .strictObject({
    decision: z.enum(THIRD_PARTY_DECISIONS, { error: 'Choose: disclose or decline.' }),
    basis: z.enum(THIRD_PARTY_BASES, { error: 'Choose the basis.' }),
    reasons: z
      .array(z.enum(THIRD_PARTY_REASONS))
      .min(1, 'Choose at least one reason.')
      .max(THIRD_PARTY_REASONS.length),
    reasonsText: z
      .string()
      .trim()
      .min(REASONS_TEXT_MIN, `Write why, in at least ${REASONS_TEXT_MIN} characters: it is the record.`)
      .max(4000),
  })
  .superRefine((body, ctx) => {
    const offered = reasonsFor[body.decision];
    if (body.reasons.some((reason) => !offered.includes(reason)))
      ctx.addIssue({
        code: 'custom',
        path: ['reasons'],
        message: `Choose reasons for the decision to ${body.decision}.`,
      });
  });
export type ThirdPartyDecisionBody = z.input<typeof thirdPartyDecisionBody>;

// ---- POST /api/requests/{id}/third-party/handed-over (master users)
export const handedOverBody = z.strictObject({
  what: text('What was handed over', 400, 'Say what was handed over.'),
  when: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'Enter the date and time it was handed over.'),
  toWhom: text('To whom', 200, 'Say to whom it was handed over.'),
  how: text('How', 400, 'Say how, for example the force’s own upload link.'),
});
export type HandedOverBody = z.input<typeof handedOverBody>;

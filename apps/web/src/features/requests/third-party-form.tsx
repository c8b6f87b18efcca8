import { UPLOAD_MAX_BYTES } from '@app/contract/contact';
import {
  AUTHORISING_RANKS,
  type AuthorisingRank,
  authorisingRankLabels,
  LEGAL_BASES,
  type OfficialRequestBody,
  officialRequestBody,
  officialRequestMessages,
  REQUESTERS,
  type Requester,
  requesterLabels,
  thirdPartyBasisLabels,
} from '@app/contract/requests-third-party';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorSummary, RequiredNote } from '../../components/error-summary';
import { Field, FieldError, type FieldSpec, RequiredMark } from '../../components/form-fields';
import fieldStyles from '../../components/form-fields.module.css';
import { PageShell } from '../../components/page-shell';
import { ApiError } from '../../lib/api-client';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { sendOfficialRequest } from './api/third-party-send';
import styles from './requests.module.css';

type LegalBasis = (typeof LEGAL_BASES)[number];
/** The authority's file types the API accepts, judged there by content: PDF and JPEG. */
const AUTHORITY_TYPES = ['application/pdf', 'image/jpeg'] as const;
const authorityTypeMessage = 'Choose a PDF file or a JPEG photo.';

const formId = 'official';
const sendFailed = 'Your request could not be sent. Please try again.';

type Name =
  | 'name'
  | 'email'
  | 'collarNumber'
  | 'force'
  | 'station'
  | 'crimeReference'
  | 'offence'
  | 'incidentDate'
  | 'incidentTime'
  | 'incidentPlace'
  | 'authorisingName'
  | 'authorisingRank'
  | 'firm'
  | 'caseReference'
  | 'legalBasis'
  | 'message';

const empty: Record<Name, string> = {
  name: '',
  email: '',
  collarNumber: '',
  force: '',
  station: '',
  crimeReference: '',
  offence: '',
  incidentDate: '',
  incidentTime: '',
  incidentPlace: '',
  authorisingName: '',
  authorisingRank: '',
  firm: '',
  caseReference: '',
  legalBasis: '',
  message: '',
};

const requesterSpec: FieldSpec = {
  name: 'requester',
  label: 'Who are you asking for?',
  kind: 'radio',
  required: true,
  options: REQUESTERS.map((value) => ({ value, label: requesterLabels[value] })),
};

const text = (name: Name, label: string, maxLength: number, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  label,
  kind: 'text',
  required: true,
  maxLength,
  ...extra,
});

const policeSpecs: FieldSpec[] = [
  text('name', "Officer's name", 100, { autoComplete: 'name' }),
  text('collarNumber', 'Collar number', 20),
  text('force', 'Force', 100, { autoComplete: 'organization' }),
  text('station', 'Station', 100),
  {
    name: 'email',
    label: 'Work e-mail',
    kind: 'email',
    required: true,
    autoComplete: 'email',
    maxLength: 254,
  },
  text('crimeReference', 'Crime reference', 60),
  text('offence', 'Offence', 200),
];
const incidentSpecs: FieldSpec[] = [
  { name: 'incidentDate', label: 'Date of the incident', kind: 'date', required: true },
  { name: 'incidentTime', label: 'Time', kind: 'time', required: true },
];
const placeSpec = text('incidentPlace', 'Where it happened', 400);
const authorisingSpecs: FieldSpec[] = [
  text('authorisingName', "Authorising officer's name", 100),
  {
    name: 'authorisingRank',
    label: "Authorising officer's rank",
    kind: 'select',
    required: true,
    options: AUTHORISING_RANKS.map((value) => ({ value, label: authorisingRankLabels[value] })),
  },
];
const legalSpecs: FieldSpec[] = [
  text('name', 'Your name', 100, { autoComplete: 'name' }),
  text('firm', 'Firm', 200, { autoComplete: 'organization' }),
  {
    name: 'email',
    label: 'Your e-mail',
    kind: 'email',
    required: true,
    autoComplete: 'email',
    maxLength: 254,
  },
  text('caseReference', 'Claim or case reference', 60),
  {
    name: 'legalBasis',
    label: 'Legal basis',
    kind: 'radio',
    required: true,
    options: LEGAL_BASES.map((value) => ({ value, label: thirdPartyBasisLabels[value] })),
  },
];
const legalIncidentSpecs: FieldSpec[] = [
  { name: 'incidentDate', label: 'Date of the incident', kind: 'date', required: false },
  { ...placeSpec, required: false },
];
const messageSpec: FieldSpec = {
  name: 'message',
  label: 'The footage you need',
  kind: 'textarea',
  required: true,
  maxLength: 4000,
  placeholder: 'Which cameras, and the times from and to',
};

/** The body the API takes: only the fields of the requester chosen, empty optional ones left out. */
export function officialBody(requester: Requester, v: Record<Name, string>): OfficialRequestBody {
  if (requester === 'police') {
    return {
      requester,
      name: v.name,
      collarNumber: v.collarNumber,
      force: v.force,
      station: v.station,
      email: v.email,
      crimeReference: v.crimeReference,
      offence: v.offence,
      incidentDate: v.incidentDate,
      incidentTime: v.incidentTime,
      incidentPlace: v.incidentPlace,
      authorisingName: v.authorisingName,
      // Checked by the contract's schema before it is sent: an empty choice is refused there.
      authorisingRank: v.authorisingRank as AuthorisingRank,
      message: v.message,
    };
  }
  return {
    requester,
    name: v.name,
    firm: v.firm,
    email: v.email,
    caseReference: v.caseReference,
    legalBasis: v.legalBasis as LegalBasis,
    ...(v.incidentDate ? { incidentDate: v.incidentDate } : {}),
    incidentPlace: v.incidentPlace,
    message: v.message,
  };
}

/**
 * "I am from the police, an insurer or a solicitor": the form of its own that a sign's page links
 * to (docs/decisions/0052). The police name the officer, the crime and an authorising officer of
 * inspector rank or above; insurers and solicitors their firm, reference, legal basis and their
 * client's authority (a file). The requester gets a reference and, by mail, a private page.
 */
export function ThirdPartyFormPage() {
  const { signRef = '' } = useParams();
  const [requester, setRequester] = useState<Requester>('police');
  const [values, setValues] = useState(empty);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const summaryRef = useFocusOutcome<HTMLDivElement>(attempts);
  const sentRef = useFocusOutcome<HTMLDivElement>(reference);
  const police = requester === 'police';

  const setValue = (name: string, value: string) => {
    if (name === 'requester') setRequester(value as Requester);
    else setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...others }) => others);
  };

  function fileProblem(): string | undefined {
    if (police) return undefined;
    if (!file) return officialRequestMessages.authorityNeeded;
    if (!(AUTHORITY_TYPES as readonly string[]).includes(file.type)) return authorityTypeMessage;
    if (file.size > UPLOAD_MAX_BYTES)
      return `"${file.name}" is larger than 10 MB. Please attach a smaller file.`;
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const body = officialBody(requester, values);
    const checked = officialRequestBody.safeParse(body);
    const problems: Record<string, string> = {};
    if (!checked.success)
      for (const issue of checked.error.issues) problems[String(issue.path[0] ?? '')] ??= issue.message;
    const badFile = fileProblem();
    if (badFile) problems.authority = badFile;
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setAttempts((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const reply = await sendOfficialRequest(signRef, body, police ? null : file);
      setReference(reply.reference);
    } catch (cause) {
      setFormError(cause instanceof ApiError ? (cause.serverMessage ?? sendFailed) : sendFailed);
      setAttempts((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  const title = 'Police, insurer or solicitor';
  const intro = `A request for footage to the operator of sign ${signRef}.`;
  if (reference) {
    return (
      <PageShell title={title} intro={intro}>
        <div ref={sentRef} className={styles.notice} role="status" tabIndex={-1}>
          <h2>Request sent</h2>
          <p>
            Your request has been sent to the operator. Your reference is{' '}
            <strong className={styles.reference}>{reference}</strong>.
          </p>
          <p>
            An e-mail is on its way to the address you gave, with a private link to your request’s page: open
            it to confirm the address, to read the operator’s decision and to answer their questions.
          </p>
        </div>
      </PageShell>
    );
  }

  const specs = police
    ? [requesterSpec, ...policeSpecs, ...incidentSpecs, placeSpec, ...authorisingSpecs, messageSpec]
    : [requesterSpec, ...legalSpecs, ...legalIncidentSpecs, messageSpec];
  const listed = [
    ...specs.flatMap((spec) => {
      const message = errors[spec.name];
      return message ? [{ name: spec.name, message }] : [];
    }),
    ...(errors.authority ? [{ name: 'authority', message: errors.authority }] : []),
  ];
  const field = (spec: FieldSpec, hint?: string) => (
    <Field
      key={`${requester}-${spec.name}`}
      formId={formId}
      spec={spec}
      value={spec.name === 'requester' ? requester : values[spec.name as Name]}
      error={errors[spec.name]}
      onChange={(value) => setValue(spec.name, value)}
      hint={hint}
    />
  );
  const fileId = `${formId}-authority`;

  return (
    <PageShell title={title} intro={intro}>
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
        <h2 id={`${formId}-title`} tabIndex={-1}>
          Ask for footage
        </h2>
        {(listed.length > 0 || formError) && (
          <ErrorSummary ref={summaryRef} formId={formId} items={listed} formError={formError} />
        )}
        <p className={styles.hint}>
          The operator decides each request and records why. The law allows them to disclose footage to
          prevent or detect crime (Data Protection Act 2018, Schedule 2, paragraph 2) or for legal claims
          (paragraph 5); it does not oblige them to. The more precise your request, the easier it is to
          decide. <Link to={`/sign/${encodeURIComponent(signRef)}`}>Back to the sign</Link>
        </p>
        <RequiredNote className={styles.hint} />
        {field(requesterSpec)}
        {police ? (
          <>
            {policeSpecs.map((spec) =>
              field(spec, spec.name === 'email' ? 'Your force’s address: the reply goes there.' : undefined),
            )}
            <div className={styles.pair}>{incidentSpecs.map((spec) => field(spec))}</div>
            {field(placeSpec)}
            <h3>Authorisation</h3>
            {authorisingSpecs.map((spec) =>
              field(
                spec,
                spec.name === 'authorisingRank'
                  ? 'The request must be authorised by an officer of inspector rank or above.'
                  : undefined,
              ),
            )}
          </>
        ) : (
          <>
            {legalSpecs.map((spec) => field(spec))}
            <div className={styles.pair}>{legalIncidentSpecs.map((spec) => field(spec))}</div>
            <div className={fieldStyles.field}>
              <label htmlFor={fileId} className={fieldStyles.label}>
                Your client’s authority
                <RequiredMark required />
              </label>
              <p id={`${fileId}-hint`} className={styles.hint}>
                Their signed consent or instruction, as a PDF or a JPEG photo of at most 10 MB. Only the
                operator’s master users can see it.
              </p>
              <input
                id={fileId}
                name="authority"
                type="file"
                className={styles.file}
                accept={AUTHORITY_TYPES.join(',')}
                aria-invalid={errors.authority ? true : undefined}
                aria-describedby={errors.authority ? `${fileId}-hint ${fileId}-error` : `${fileId}-hint`}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setErrors(({ authority: _cleared, ...others }) => others);
                }}
              />
              <FieldError id={fileId} error={errors.authority} />
            </div>
          </>
        )}
        {field(messageSpec)}
        <div className={styles.actions}>
          <button className={styles.button} type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send to the operator'}
          </button>
        </div>
      </form>
    </PageShell>
  );
}

import {
  type AccountDetails,
  workspaceLimits as L,
  type PublicationReply,
  type PublicationSettingsRecord,
  publicationSettings,
  type SiteSummary,
  workspaceMessages,
} from '@app/contract/workspace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CheckboxField, TextAreaField, TextField } from '../../components/form-fields';
import { errorText, FormProblems } from '../../components/form-status';
import { PageLoading } from '../../components/lazy-page';
import { SchemeDetails } from '../../components/scheme-details';
import { sitesQuery } from '../../components/signed-in/api/sites-query';
import { WorkspacePage } from '../../components/signed-in/signed-in';
import shared from '../../components/signed-in/signed-in.module.css';
import { notify } from '../../lib/notify';
import { followCompany } from './api/follow-company';
import { publicationQuery } from './api/publication-query';
import { savePublication } from './api/save-publication';
import styles from './sites.module.css';

/** The values a ticked channel needs, each with its field's message when it is empty. */
const CHANNEL_FIELDS = ['phone', 'email', 'address'] as const;
type FieldErrors = Partial<Record<(typeof CHANNEL_FIELDS)[number], string>>;
const CHANNEL_MESSAGES: Record<(typeof CHANNEL_FIELDS)[number], string> = {
  phone: workspaceMessages.phoneToPublish,
  email: workspaceMessages.emailToPublish,
  address: workspaceMessages.addressToPublish,
};

/**
 * Sign-up asked for a phone number and an e-mail address: an empty box starts with them rather
 * than making the operator type them again. They are published only when ticked.
 */
function withAccountDefaults(
  settings: PublicationSettingsRecord,
  account: AccountDetails,
): PublicationSettingsRecord {
  return { ...settings, phone: settings.phone || account.tel, email: settings.email || account.email };
}

const FROM_ACCOUNT = 'From your account. Published only if ticked above.';

/** The settings form of the company (siteId null) or of one site. */
function SettingsForm({
  siteId,
  initial,
  prefilled,
  onSaved,
}: {
  siteId: number | null;
  initial: PublicationSettingsRecord;
  /** The values filled in from the account (none: the saved settings had their own). */
  prefilled: { phone: string; email: string };
  onSaved: (reply: PublicationReply) => void;
}) {
  const [form, setForm] = useState(initial);
  // Said only while the box holds what came from the account, so the operator knows where it came from.
  const fromAccount = (key: 'phone' | 'email') =>
    form[key] && form[key] === prefilled[key] ? FROM_ACCOUNT : undefined;
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const idp = `pub-${siteId ?? 'company'}`;
  const showFieldErrors = (next: FieldErrors) => {
    setFieldErrors(next);
    setAttempt((n) => n + 1);
  };
  const set =
    <K extends keyof PublicationSettingsRecord>(key: K) =>
    (value: PublicationSettingsRecord[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation({
    mutationFn: savePublication,
    onSuccess: (reply) => {
      notify.success('Published contact details saved.');
      onSaved(reply);
    },
    onError: (e) => {
      // The server holds the same rules: its refusal of an empty channel goes to that field.
      const text = errorText(e);
      const field = CHANNEL_FIELDS.find((f) => CHANNEL_MESSAGES[f] === text);
      if (field) showFieldErrors({ [field]: text });
      else {
        setError(text);
        setAttempt((n) => n + 1);
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const parsed = publicationSettings.safeParse(form);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = CHANNEL_FIELDS.find((f) => f === issue.path[0]);
        if (field) next[field] ??= issue.message;
      }
      if (Object.keys(next).length === 0) setError(parsed.error.issues[0]?.message);
      showFieldErrors(next);
      return;
    }
    setFieldErrors({});
    save.mutate({ siteId, ...parsed.data });
  };
  return (
    <form className={shared.form} onSubmit={submit} noValidate>
      <FormProblems formId={idp} problems={fieldErrors} formError={error} attempt={attempt} />
      <fieldset className={styles.fieldset}>
        <legend>Published to the public</legend>
        <CheckboxField
          id={`${idp}-show-phone`}
          label="Phone number"
          checked={form.showPhone}
          onChange={set('showPhone')}
        />
        <CheckboxField
          id={`${idp}-show-email`}
          label="E-mail address"
          checked={form.showEmail}
          onChange={set('showEmail')}
        />
        <CheckboxField
          id={`${idp}-show-address`}
          label="Postal address"
          checked={form.showAddress}
          onChange={set('showAddress')}
        />
        <CheckboxField
          id={`${idp}-show-relay`}
          label="Contact form"
          hint="Visitors write to you through us; your e-mail address stays hidden."
          checked={form.showRelay}
          onChange={set('showRelay')}
        />
      </fieldset>
      <TextField
        id={`${idp}-phone`}
        label="Phone"
        type="tel"
        maxLength={L.phone}
        limit={L.phone}
        hint={fromAccount('phone')}
        value={form.phone}
        onChange={set('phone')}
        error={fieldErrors.phone}
      />
      <TextField
        id={`${idp}-email`}
        label="E-mail"
        type="email"
        maxLength={254}
        limit={254}
        hint={fromAccount('email')}
        value={form.email}
        onChange={set('email')}
        error={fieldErrors.email}
      />
      <TextAreaField
        id={`${idp}-address`}
        label="Postal address"
        rows={3}
        maxLength={L.publishedAddress}
        limit={L.publishedAddress}
        value={form.address}
        onChange={set('address')}
        error={fieldErrors.address}
      />
      <CheckboxField
        id={`${idp}-home`}
        label="This is a home address"
        checked={form.isHomeAddress}
        onChange={set('isHomeAddress')}
      />
      {form.isHomeAddress && (
        <CheckboxField
          id={`${idp}-consent`}
          label="Yes, publish my home address"
          hint="A home address is never published unless you switch this on."
          checked={form.homeAddressConsent}
          onChange={set('homeAddressConsent')}
        />
      )}
      <TextAreaField
        id={`${idp}-text`}
        label="How to contact you (shown as text)"
        rows={3}
        maxLength={L.contactText}
        limit={L.contactText}
        value={form.contactText}
        onChange={set('contactText')}
      />
      <div className={shared.actions}>
        <button type="submit" className={shared.button} disabled={save.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}

function Preview({
  reply,
  site,
  operator,
}: {
  reply: PublicationReply;
  site: SiteSummary;
  operator: string;
}) {
  const entry = reply.sites.find((s) => s.siteId === site.id);
  if (!entry) return null;
  return (
    <section className={styles.preview} aria-label={`Preview of ${site.name}`}>
      <h3>What a visitor sees for {site.name}</h3>
      <SchemeDetails
        scheme={{
          siteId: site.id,
          operator,
          siteName: site.name,
          town: site.town,
          postcode: site.postcode,
          purpose: site.keyInfo,
          retentionDays: site.retentionDays,
          contact: entry.preview,
          detailsConfirmedAt: site.detailsConfirmedAt,
          mayBeOutOfDate: entry.detailsOutOfDate,
          signRef: null,
        }}
      />
      <p>
        {entry.preview.relay ? 'A “Contact the operator” form is offered.' : 'No contact form is offered.'}
      </p>
    </section>
  );
}

function ManageContact({ account }: { account: AccountDetails }) {
  const { companyId } = account;
  const queryClient = useQueryClient();
  const publication = useQuery(publicationQuery);
  const sites = useQuery(sitesQuery(companyId));
  const [scope, setScope] = useState<'company' | number>('company');
  const follow = useMutation({
    mutationFn: followCompany,
    onSuccess: (reply) => queryClient.setQueryData(publicationQuery.queryKey, reply),
    onError: (e) => notify.error(errorText(e)),
  });
  if (publication.isPending || sites.isPending) return <PageLoading />;
  if (publication.isError) return <p role="alert">{errorText(publication.error)}</p>;
  if (sites.isError) return <p role="alert">{errorText(sites.error)}</p>;
  const reply = publication.data;
  const onSaved = (next: PublicationReply) => queryClient.setQueryData(publicationQuery.queryKey, next);
  const form = (key: string | number, siteId: number | null, saved: PublicationSettingsRecord) => {
    const initial = withAccountDefaults(saved, account);
    const prefilled = {
      phone: saved.phone ? '' : initial.phone,
      email: saved.email ? '' : initial.email,
    };
    return (
      <SettingsForm key={key} siteId={siteId} initial={initial} prefilled={prefilled} onSaved={onSaved} />
    );
  };
  const siteEntry = scope === 'company' ? undefined : reply.sites.find((s) => s.siteId === scope);
  const shownSites = scope === 'company' ? sites.data : sites.data.filter((s) => s.id === scope);
  return (
    <>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="contact-scope">
          Settings for
        </label>
        <select
          id="contact-scope"
          className={shared.input}
          value={String(scope)}
          onChange={(e) => setScope(e.target.value === 'company' ? 'company' : Number(e.target.value))}
        >
          <option value="company">All sites (company settings)</option>
          {reply.sites.map((s) => (
            <option key={s.siteId} value={s.siteId}>
              {s.siteName}
              {s.settings ? ' (own settings)' : ''}
            </option>
          ))}
        </select>
      </div>
      <div className={shared.section}>
        {scope === 'company' ? (
          form('company', null, reply.company.settings)
        ) : siteEntry?.settings ? (
          <>
            {form(scope, scope, siteEntry.settings)}
            <p>
              <button type="button" className={shared.secondary} onClick={() => follow.mutate(scope)}>
                Use the company settings for this site
              </button>
            </p>
          </>
        ) : (
          <>
            <p>This site uses the company settings. Change them here to make this site differ.</p>
            {form(`new-${scope}`, scope, reply.company.settings)}
          </>
        )}
      </div>
      <div className={shared.section}>
        <h2>Preview</h2>
        {shownSites.map((site) => (
          <Preview key={site.id} reply={reply} site={site} operator={reply.company.name} />
        ))}
      </div>
    </>
  );
}

export function ManageContactPage() {
  return (
    <WorkspacePage intro="What the public sees when they look up your signs." masterOnly>
      {(account) => <ManageContact account={account} />}
    </WorkspacePage>
  );
}

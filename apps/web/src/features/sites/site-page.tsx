import { retentionMessages } from '@app/contract/retention';
import { workspaceLimits as L, type SiteBody, type SiteRecord, siteBody } from '@app/contract/workspace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AddressFields, addressFormValues, storedAddress } from '../../components/address/address-fields';
import { NumberField, TextAreaField, TextField } from '../../components/form-fields';
import { errorText, FormProblems, type Problems } from '../../components/form-status';
import { PageLoading } from '../../components/lazy-page';
import { WorkspacePage } from '../../components/signed-in/signed-in';
import shared from '../../components/signed-in/signed-in.module.css';
import { notify } from '../../lib/notify';
import { addSite } from './api/add-site';
import { saveSite } from './api/save-site';
import { siteQuery } from './api/site-query';

/** retentionDays is NaN while the box is empty: the operator must say it, nothing is assumed. */
type SiteForm = Required<SiteBody> & { inUk: boolean };

const empty: SiteForm = {
  name: '',
  address1: '',
  address2: '',
  address3: '',
  town: '',
  postcode: '',
  county: '',
  inUk: true,
  keyInfo: '',
  retentionDays: Number.NaN,
  whoSees: '',
};

const fromRecord = (s: SiteRecord): SiteForm => ({
  name: s.name,
  ...addressFormValues(s),
  keyInfo: s.keyInfo,
  retentionDays: s.retentionDays ?? Number.NaN,
  whoSees: s.whoSees,
});

/** The id of each field's input after `site-`, where the summary's links lead. */
const fieldIds: Partial<Record<keyof SiteForm, string>> = {
  keyInfo: 'key-info',
  retentionDays: 'retention',
  whoSees: 'who-sees',
};

/** Adds a site (no id) or edits one; the same checks as the API, from the shared schema. */
export function SiteForm({ site }: { site?: SiteRecord }) {
  const [form, setForm] = useState<SiteForm>(site ? fromRecord(site) : empty);
  const [errors, setErrors] = useState<Partial<Record<keyof SiteForm, string>>>({});
  const [serverError, setServerError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const set =
    <K extends keyof SiteForm>(key: K) =>
    (value: SiteForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  const save = useMutation({
    mutationFn: (body: SiteBody) => (site ? saveSite(site.id, body) : addSite(body)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['workspace'] });
      notify.success(site ? 'Site saved.' : 'Site added.');
      queryClient.setQueryData(siteQuery(saved.id).queryKey, saved);
      navigate('/your-sites');
    },
    onError: (error) => {
      setServerError(errorText(error));
      setAttempt((n) => n + 1);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const { inUk: _inUk, retentionDays, ...fields } = form;
    const parsed = siteBody.safeParse({
      ...fields,
      ...storedAddress(form),
      // An empty box is left out, so the schema answers with what to enter.
      ...(Number.isFinite(retentionDays) ? { retentionDays } : {}),
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof SiteForm, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof SiteForm;
        next[key] ??= issue.message;
      }
      setErrors(next);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const problems: Problems = {};
  for (const [key, message] of Object.entries(errors))
    problems[fieldIds[key as keyof SiteForm] ?? key] = message;

  return (
    <form className={shared.form} onSubmit={submit} noValidate>
      <FormProblems formId="site" problems={problems} formError={serverError} attempt={attempt} />
      <TextField
        id="site-name"
        label="Site name"
        maxLength={L.siteName}
        limit={L.siteName}
        value={form.name}
        onChange={set('name')}
        error={errors.name}
        required
      />
      <AddressFields
        values={form}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        idOf={(field) => `site-${field}`}
        errorOf={(field) => errors[field]}
      />
      <TextAreaField
        id="site-key-info"
        label="Key information"
        hint="The purpose of the scheme, how often it is reviewed, and when recordings are handed to the Police."
        maxLength={L.keyInfo}
        limit={L.keyInfo}
        value={form.keyInfo}
        onChange={set('keyInfo')}
        error={errors.keyInfo}
        required
      />
      <NumberField
        id="site-retention"
        label={retentionMessages.question}
        hint={retentionMessages.hint}
        min={L.retentionDaysMin}
        max={L.retentionDaysMax}
        value={form.retentionDays}
        onChange={set('retentionDays')}
        error={errors.retentionDays}
        required
      />
      <TextField
        id="site-who-sees"
        label="Who sees the recordings"
        maxLength={L.whoSees}
        limit={L.whoSees}
        value={form.whoSees}
        onChange={set('whoSees')}
        error={errors.whoSees}
      />
      {site && (
        <p className={shared.hint}>
          Saving the site confirms its details as correct today. Sites not confirmed for 13 months show
          “details may be out of date” to the public.
        </p>
      )}
      <div className={shared.actions}>
        <button className={shared.button} type="submit" disabled={save.isPending}>
          {site ? 'Save site' : 'Add site'}
        </button>
      </div>
    </form>
  );
}

function EditSite({ id }: { id: number }) {
  const site = useQuery(siteQuery(id));
  if (site.isPending) return <PageLoading />;
  if (site.isError) return <p role="alert">{errorText(site.error)}</p>;
  return <SiteForm key={site.data.id} site={site.data} />;
}

export function SitePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <WorkspacePage
      intro={id > 0 ? 'Edit the details of this site.' : 'Add a site where your cameras and signs are.'}
    >
      {() => (id > 0 ? <EditSite id={id} /> : <SiteForm />)}
    </WorkspacePage>
  );
}

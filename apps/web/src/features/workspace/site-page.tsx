import type { AddressDetail } from '@app/contract/accounts';
import { workspaceLimits as L, type SiteBody, type SiteRecord, siteBody } from '@app/contract/workspace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/lazy-page';
import { notify } from '../../lib/notify';
import { AddressLookupField, addressLines } from '../address/address-lookup-field';
import { addSite, saveSite, siteQuery } from './api';
import { errorText, NumberField, TextArea, TextField } from './fields';
import { WorkspacePage } from './signed-in';
import styles from './workspace.module.css';

type SiteForm = Required<SiteBody>;

const empty: SiteForm = {
  name: '',
  address1: '',
  address2: '',
  address3: '',
  town: '',
  postcode: '',
  county: '',
  keyInfo: '',
  retentionDays: 30,
  whoSees: '',
};

const fromRecord = (s: SiteRecord): SiteForm => ({
  name: s.name,
  address1: s.address1,
  address2: s.address2,
  address3: s.address3,
  town: s.town,
  postcode: s.postcode,
  county: s.county,
  keyInfo: s.keyInfo,
  retentionDays: s.retentionDays,
  whoSees: s.whoSees,
});

/** Adds a site (no id) or edits one; the same checks as the API, from the shared schema. */
export function SiteForm({ site }: { site?: SiteRecord }) {
  const [form, setForm] = useState<SiteForm>(site ? fromRecord(site) : empty);
  const [errors, setErrors] = useState<Partial<Record<keyof SiteForm, string>>>({});
  const [serverError, setServerError] = useState<string>();
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
    onError: (error) => setServerError(errorText(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const parsed = siteBody.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<keyof SiteForm, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof SiteForm;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const chooseAddress = (a: AddressDetail) => setForm((f) => ({ ...f, ...addressLines(a) }));

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        id="site-name"
        label="Site name"
        max={L.siteName}
        value={form.name}
        onChange={set('name')}
        error={errors.name}
        required
      />
      <AddressLookupField
        id="site-address1"
        label="Address 1"
        hint="Start typing to look the address up, or type it in full."
        value={form.address1}
        onChange={set('address1')}
        onAddressChosen={chooseAddress}
        error={errors.address1}
      />
      <TextField
        id="site-address2"
        label="Address 2"
        max={L.addressLine}
        value={form.address2}
        onChange={set('address2')}
        error={errors.address2}
      />
      <TextField
        id="site-address3"
        label="Address 3"
        max={L.addressLine}
        value={form.address3}
        onChange={set('address3')}
        error={errors.address3}
      />
      <TextField
        id="site-town"
        label="Town/City"
        max={L.town}
        value={form.town}
        onChange={set('town')}
        error={errors.town}
      />
      <TextField
        id="site-postcode"
        label="Post Code"
        max={L.postcode}
        value={form.postcode}
        onChange={set('postcode')}
        error={errors.postcode}
      />
      <TextField
        id="site-county"
        label="County"
        max={L.county}
        value={form.county}
        onChange={set('county')}
        error={errors.county}
      />
      <TextArea
        id="site-key-info"
        label="Key information"
        hint="The purpose of the scheme, how often it is reviewed, and when recordings are handed to the Police."
        max={L.keyInfo}
        value={form.keyInfo}
        onChange={set('keyInfo')}
        error={errors.keyInfo}
        required
      />
      <NumberField
        id="site-retention"
        label="Recordings are kept for (days)"
        min={L.retentionDaysMin}
        maxValue={L.retentionDaysMax}
        value={form.retentionDays}
        onChange={set('retentionDays')}
        error={errors.retentionDays}
      />
      <TextField
        id="site-who-sees"
        label="Who sees the recordings"
        max={L.whoSees}
        value={form.whoSees}
        onChange={set('whoSees')}
        error={errors.whoSees}
      />
      {site && (
        <p className={styles.hint}>
          Saving the site confirms its details as correct today. Sites not confirmed for 13 months show
          “details may be out of date” to the public.
        </p>
      )}
      {serverError && (
        <p className={styles.error} role="alert">
          {serverError}
        </p>
      )}
      <div className={styles.actions}>
        <button className={styles.button} type="submit" disabled={save.isPending}>
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

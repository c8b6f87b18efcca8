import { type CompanyRecord, companyBody, workspaceLimits as L } from '@app/contract/workspace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PageLoading } from '../../components/lazy-page';
import { notify } from '../../lib/notify';
import { AddressLookupField, addressLines } from '../address/address-lookup-field';
import { companyQuery, saveCompany } from './api';
import { errorText, TextField } from './fields';
import { WorkspacePage } from './signed-in';
import styles from './workspace.module.css';

function CompanyForm({ company }: { company: CompanyRecord }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(company);
  const [error, setError] = useState<string>();
  const set = (key: keyof CompanyRecord) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveCompany>[1]) => saveCompany(company.id, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(companyQuery(company.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['workspace', 'account'] });
      notify.success('Company details saved.');
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { id: _id, ...fields } = form;
    const parsed = companyBody.safeParse(fields);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        id="co-name"
        label="Company name"
        max={L.companyName}
        value={form.name}
        onChange={set('name')}
        required
      />
      <AddressLookupField
        id="co-a1"
        label="Address 1"
        hint="Start typing to look the address up, or type it in full."
        value={form.address1}
        onChange={set('address1')}
        onAddressChosen={(a) => setForm((f) => ({ ...f, ...addressLines(a) }))}
      />
      <TextField
        id="co-a2"
        label="Address 2"
        max={L.addressLine}
        value={form.address2}
        onChange={set('address2')}
      />
      <TextField
        id="co-a3"
        label="Address 3"
        max={L.addressLine}
        value={form.address3}
        onChange={set('address3')}
      />
      <TextField id="co-town" label="Town/City" max={L.town} value={form.town} onChange={set('town')} />
      <TextField
        id="co-postcode"
        label="Post Code"
        max={L.postcode}
        value={form.postcode}
        onChange={set('postcode')}
      />
      <TextField id="co-county" label="County" max={L.county} value={form.county} onChange={set('county')} />
      <TextField
        id="co-tel"
        label="Telephone"
        type="tel"
        max={L.phone}
        value={form.tel}
        onChange={set('tel')}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button className={styles.button} type="submit" disabled={save.isPending}>
          Save company details
        </button>
      </div>
    </form>
  );
}

function Company({ companyId }: { companyId: number }) {
  const company = useQuery(companyQuery(companyId));
  if (company.isPending) return <PageLoading />;
  if (company.isError) return <p role="alert">{errorText(company.error)}</p>;
  return <CompanyForm company={company.data} />;
}

export function CompanyPage() {
  return (
    <WorkspacePage
      intro="Your company's name, address and telephone (not published unless you choose so)."
      masterOnly
    >
      {(account) => <Company companyId={account.companyId} />}
    </WorkspacePage>
  );
}

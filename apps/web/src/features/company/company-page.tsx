import { type CompanyRecord, companyBody, workspaceLimits as L } from '@app/contract/workspace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AddressFields, addressFormValues, storedAddress } from '../../components/address/address-fields';
import { TextField } from '../../components/form-fields';
import { errorText, FormProblems, type Problems, problemsOf } from '../../components/form-status';
import { PageLoading } from '../../components/lazy-page';
import { WorkspacePage } from '../../components/signed-in/signed-in';
import shared from '../../components/signed-in/signed-in.module.css';
import { notify } from '../../lib/notify';
import { companyQuery } from './api/company-query';
import { saveCompany } from './api/save-company';

function CompanyForm({ company }: { company: CompanyRecord }) {
  const queryClient = useQueryClient();
  const { id, name, tel, ...address } = company;
  const [form, setForm] = useState({ name, tel, ...addressFormValues(address) });
  const [error, setError] = useState<string>();
  const [problems, setProblems] = useState<Problems>({});
  const [attempt, setAttempt] = useState(0);
  const set = (key: 'name' | 'tel') => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveCompany>[1]) => saveCompany(id, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(companyQuery(id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['workspace', 'account'] });
      notify.success('Company details saved.');
    },
    onError: (e) => {
      setError(errorText(e));
      setAttempt((n) => n + 1);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = companyBody.safeParse({ name: form.name, tel: form.tel, ...storedAddress(form) });
    setError(undefined);
    if (!parsed.success) {
      // The inputs' ids are `co-` and the field's name, so the summary's links reach them.
      const found = problemsOf(parsed.error.issues);
      setProblems(found.problems);
      setError(found.formError);
      setAttempt((n) => n + 1);
      return;
    }
    setProblems({});
    save.mutate(parsed.data);
  };
  return (
    <form className={shared.form} onSubmit={submit} noValidate>
      <FormProblems formId="co" problems={problems} formError={error} attempt={attempt} />
      <TextField
        id="co-name"
        label="Company name"
        maxLength={L.companyName}
        limit={L.companyName}
        value={form.name}
        onChange={set('name')}
        error={problems.name}
        required
      />
      <AddressFields
        values={form}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        idOf={(field) => `co-${field}`}
        errorOf={(field) => problems[field]}
      />
      <TextField
        id="co-tel"
        label="Telephone"
        type="tel"
        maxLength={L.phone}
        limit={L.phone}
        value={form.tel}
        onChange={set('tel')}
        error={problems.tel}
      />
      <div className={shared.actions}>
        <button className={shared.button} type="submit" disabled={save.isPending}>
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

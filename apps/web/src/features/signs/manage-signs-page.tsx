import { messages } from '@app/contract/messages';
import {
  type SiteSticker,
  type SiteSummary,
  siteOfStickerOnYourSite,
  workspaceMessages,
} from '@app/contract/workspace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TextField } from '../../components/form-fields';
import { errorText, FormProblems, type Problems } from '../../components/form-status';
import { PageLoading } from '../../components/lazy-page';
import { sitesQuery } from '../../components/signed-in/api/sites-query';
import { WorkspacePage } from '../../components/signed-in/signed-in';
import shared from '../../components/signed-in/signed-in.module.css';
import { notify } from '../../lib/notify';
import { addSiteSticker } from './api/add-site-sticker';
import { changeSiteSticker } from './api/change-site-sticker';
import { moveStickerHere } from './api/move-sticker-here';
import { siteStickersQuery } from './api/site-stickers-query';
import styles from './signs.module.css';

function SignRow({ sign, sites }: { sign: SiteSticker; sites: SiteSummary[] }) {
  const queryClient = useQueryClient();
  const moveId = useId();
  const others = sites.filter((s) => s.id !== sign.siteId);
  const [target, setTarget] = useState<number | ''>('');
  const change = useMutation({
    mutationFn: (body: Parameters<typeof changeSiteSticker>[1]) => changeSiteSticker(sign.id, body),
    onSuccess: async (reply) => {
      await queryClient.invalidateQueries({ queryKey: ['workspace'] });
      notify.success(reply.message);
    },
    onError: (error) => notify.error(errorText(error)),
  });
  const retire = () => {
    if (
      window.confirm(
        `Retire sign ${sign.signRef}? It will no longer show your details to anyone who looks it up.`,
      )
    ) {
      change.mutate({ action: 'retire' });
    }
  };
  return (
    <li className={shared.sign}>
      <span>
        <span className={styles.code}>{sign.signRef}</span> · prefix {sign.prefixNo}
      </span>
      <span className={shared.actions}>
        <Link to={`/sign/${encodeURIComponent(sign.signRef)}`}>
          Public page <span className={shared.visuallyHidden}>of {sign.signRef}</span>
        </Link>
        <Link to={`/sign/${encodeURIComponent(sign.signRef)}/print`}>
          Print <span className={shared.visuallyHidden}>sign {sign.signRef}</span>
        </Link>
        {others.length > 0 && (
          <>
            <label htmlFor={moveId} className={shared.visuallyHidden}>
              Move {sign.signRef} to
            </label>
            <select
              id={moveId}
              className={shared.input}
              value={target}
              onChange={(e) => setTarget(e.target.value ? Number(e.target.value) : '')}
            >
              <option value="">Move to…</option>
              {others.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={shared.secondary}
              disabled={target === '' || change.isPending}
              onClick={() => target !== '' && change.mutate({ action: 'move', siteId: target })}
            >
              Move <span className={shared.visuallyHidden}>{sign.signRef}</span>
            </button>
          </>
        )}
        <button type="button" className={shared.secondary} disabled={change.isPending} onClick={retire}>
          Retire <span className={shared.visuallyHidden}>{sign.signRef}</span>
        </button>
      </span>
    </li>
  );
}

function AddSticker({ site, master }: { site: SiteSummary; master: boolean }) {
  const queryClient = useQueryClient();
  const [signRef, setSignRef] = useState('');
  const [prefixNo, setPrefixNo] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const formId = `sticker-${site.id}`;
  const add = useMutation({
    mutationFn: () => addSiteSticker({ siteId: site.id, signRef, prefixNo }),
    onSuccess: async () => {
      setSignRef('');
      setPrefixNo('');
      await queryClient.invalidateQueries({ queryKey: ['workspace'] });
      notify.success('Sign added to the site.');
    },
    onError: (e) => {
      setFormError(errorText(e));
      setAttempt((n) => n + 1);
    },
  });
  // Refused because it is on another of the company's sites: the form offers to move it here.
  const onSite = formError === undefined ? undefined : siteOfStickerOnYourSite(formError);
  const elsewhere = onSite !== undefined && onSite !== site.name;
  const move = useMutation({
    mutationFn: () => moveStickerHere({ siteId: site.id, signRef, prefixNo }),
    onSuccess: async (reply) => {
      setSignRef('');
      setPrefixNo('');
      setFormError(undefined);
      await queryClient.invalidateQueries({ queryKey: ['workspace'] });
      notify.success(reply.message);
    },
    onError: (e) => {
      setFormError(errorText(e));
      setAttempt((n) => n + 1);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (!signRef.trim()) found.ref = messages.signUp.signRefRequired;
    if (!prefixNo.trim()) found.prefix = messages.signUp.prefixNoRequired;
    setProblems(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return setAttempt((n) => n + 1);
    add.mutate();
  };
  return (
    <form className={shared.form} onSubmit={submit} noValidate aria-label={`Add a sticker to ${site.name}`}>
      <FormProblems formId={formId} problems={problems} formError={formError} attempt={attempt} />
      {elsewhere &&
        (master ? (
          <div className={shared.actions}>
            <button
              type="button"
              className={shared.button}
              disabled={move.isPending}
              onClick={() => move.mutate()}
            >
              Move it from {onSite} to {site.name}
            </button>
          </div>
        ) : (
          <p>{workspaceMessages.stickerMoveAskMaster}</p>
        ))}
      <TextField
        id={`${formId}-ref`}
        label="Sign reference"
        hint="Remember the hyphens"
        maxLength={40}
        limit={40}
        value={signRef}
        onChange={setSignRef}
        error={problems.ref}
      />
      <TextField
        id={`${formId}-prefix`}
        label="Prefix number"
        maxLength={20}
        limit={20}
        value={prefixNo}
        onChange={(v) => setPrefixNo(v.toUpperCase())}
        error={problems.prefix}
      />
      <div className={shared.actions}>
        <button type="submit" className={shared.button} disabled={add.isPending}>
          Add sticker
        </button>
      </div>
    </form>
  );
}

function SiteSigns({ site, sites, master }: { site: SiteSummary; sites: SiteSummary[]; master: boolean }) {
  const signs = useQuery(siteStickersQuery(site.id));
  return (
    <section className={`${shared.section} ${shared.card}`} aria-labelledby={`site-${site.id}`}>
      <h2 id={`site-${site.id}`}>{site.name}</h2>
      {signs.isPending && <PageLoading />}
      {signs.isError && <p role="alert">{errorText(signs.error)}</p>}
      {signs.data &&
        (signs.data.length === 0 ? (
          <p>No signs at this site yet.</p>
        ) : (
          <ul className={shared.signs} aria-label={`Signs of ${site.name}`}>
            {signs.data.map((sign) => (
              <SignRow key={sign.id} sign={sign} sites={sites} />
            ))}
          </ul>
        ))}
      <AddSticker site={site} master={master} />
    </section>
  );
}

function Signs({ companyId, master }: { companyId: number; master: boolean }) {
  const [params] = useSearchParams();
  const only = Number(params.get('site'));
  const sites = useQuery(sitesQuery(companyId));
  if (sites.isPending) return <PageLoading />;
  if (sites.isError) return <p role="alert">{errorText(sites.error)}</p>;
  if (sites.data.length === 0) {
    return (
      <p>
        Add a site first: <Link to="/site">add your first site</Link>.
      </p>
    );
  }
  const shown = only > 0 ? sites.data.filter((s) => s.id === only) : sites.data;
  return (
    <>
      {only > 0 && (
        <p>
          <Link to="/manage-signs">Show the signs of every site</Link>
        </p>
      )}
      {shown.map((site) => (
        <SiteSigns key={site.id} site={site} sites={sites.data} master={master} />
      ))}
    </>
  );
}

export function ManageSignsPage() {
  return (
    <WorkspacePage intro="The signs (stickers) of each of your sites: add, move or retire them.">
      {(account) => <Signs companyId={account.companyId} master={account.masterUser === 1} />}
    </WorkspacePage>
  );
}

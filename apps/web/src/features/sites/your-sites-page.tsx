import { formatUkDate } from '@app/contract/dates';
import { retentionMessages, retentionText } from '@app/contract/retention';
import type { SiteSummary } from '@app/contract/workspace';
import { DETAILS_STALE_MONTHS, workspaceMessages } from '@app/contract/workspace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../components/form-status';
import { PageLoading } from '../../components/lazy-page';
import { sitesQuery } from '../../components/signed-in/api/sites-query';
import { WorkspacePage } from '../../components/signed-in/signed-in';
import shared from '../../components/signed-in/signed-in.module.css';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { confirmSite } from './api/confirm-site';
import styles from './sites.module.css';

/**
 * When a confirmation runs out: DETAILS_STALE_MONTHS calendar months on, counted as the API's
 * PostgreSQL interval counts them (a day the month lacks becomes its last day: 31 January, 28 February).
 */
export function confirmationDue(confirmedAt: string): Date {
  const from = new Date(confirmedAt);
  const months = from.getUTCMonth() + DETAILS_STALE_MONTHS;
  const lastDay = new Date(Date.UTC(from.getUTCFullYear(), months + 1, 0)).getUTCDate();
  const due = new Date(from);
  due.setUTCFullYear(from.getUTCFullYear(), months, Math.min(from.getUTCDate(), lastDay));
  return due;
}

/** "These details are still correct": one press re-confirms the site, and says so where it was pressed. */
function ConfirmDetails({ site }: { site: SiteSummary }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => confirmSite(site.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['workspace', 'sites'] }),
  });
  const outcomeRef = useFocusOutcome<HTMLParagraphElement>(confirm.status !== 'idle' && !confirm.isPending);
  return (
    <>
      <button
        type="button"
        className={shared.button}
        disabled={confirm.isPending}
        aria-describedby={`confirm-help-${site.id}`}
        onClick={() => confirm.mutate()}
      >
        Confirm details <span className={shared.visuallyHidden}>of {site.name}</span>
      </button>
      {confirm.isSuccess && (
        <p ref={outcomeRef} role="status" tabIndex={-1} className={styles.success}>
          Details of {site.name} confirmed on {formatUkDate(confirm.data.detailsConfirmedAt ?? '')}.
        </p>
      )}
      {confirm.isError && (
        <p ref={outcomeRef} role="alert" tabIndex={-1} className={shared.error}>
          {errorText(confirm.error)}
        </p>
      )}
    </>
  );
}

/**
 * Sites whose operator has not said how long the recorder keeps footage (made at sign-up without
 * it): the public reads "not stated" and visitors cannot be warned before it is overwritten, so the
 * operator is asked on every visit until each is stated.
 */
function RetentionNotice({ sites }: { sites: SiteSummary[] }) {
  const notStated = sites.filter((site) => site.retentionDays === null);
  if (notStated.length === 0) return null;
  return (
    <section className={styles.notice} aria-labelledby="retention-notice-title">
      <h2 id="retention-notice-title">{retentionMessages.question}</h2>
      <p>
        Visitors read “Recordings kept: {retentionMessages.notStated.toLowerCase()}” for{' '}
        {notStated.length === 1 ? 'this site' : 'these sites'}. Say how many days the recorder keeps footage,
        so visitors are warned before the footage they ask for is overwritten.
      </p>
      <ul>
        {notStated.map((site) => (
          <li key={site.id}>
            <Link to={`/site?id=${site.id}`}>Say how long {site.name} keeps footage</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SiteCard({ site }: { site: SiteSummary }) {
  return (
    <li className={shared.card}>
      <h2>{site.name}</h2>
      {site.detailsOutOfDate && (
        <p className={styles.warning}>Details may be out of date: please check them.</p>
      )}
      <dl className={styles.facts}>
        <dt>Signs</dt>
        <dd>{site.signCount}</dd>
        <dt>Details confirmed</dt>
        <dd>{site.detailsConfirmedAt ? formatUkDate(site.detailsConfirmedAt) : 'Not yet'}</dd>
        <dt>Next confirmation due</dt>
        <dd>
          {site.detailsConfirmedAt && !site.detailsOutOfDate
            ? formatUkDate(confirmationDue(site.detailsConfirmedAt))
            : 'Now'}
        </dd>
        <dt>Look-ups (30 days)</dt>
        <dd>{site.lookups30Days}</dd>
        <dt>Recordings kept</dt>
        <dd>{retentionText(site.retentionDays)}</dd>
      </dl>
      {/* Why the button is there: without it a date beside "Confirm details" reads as a puzzle. */}
      <p id={`confirm-help-${site.id}`} className={shared.hint}>
        Confirm when you have checked that this site's details are still correct: whenever they change, and at
        least every {DETAILS_STALE_MONTHS} months. A site not confirmed for {DETAILS_STALE_MONTHS} months
        shows “{workspaceMessages.detailsOutOfDate}” to the public.
      </p>
      <div className={shared.actions}>
        <ConfirmDetails site={site} />
      </div>
      <div className={shared.actions}>
        <Link className={shared.secondary} to={`/site?id=${site.id}`}>
          Edit <span className={shared.visuallyHidden}>{site.name}</span>
        </Link>
        <Link className={shared.secondary} to={`/manage-signs?site=${site.id}`}>
          Signs <span className={shared.visuallyHidden}>of {site.name}</span>
        </Link>
      </div>
    </li>
  );
}

function SitesList({ companyId }: { companyId: number }) {
  const sites = useQuery(sitesQuery(companyId));
  if (sites.isPending) return <PageLoading />;
  if (sites.isError) return <p role="alert">{errorText(sites.error)}</p>;
  if (sites.data.length === 0) {
    return (
      <div className={shared.section}>
        <p>You have no sites yet. A site is a place where your cameras and their signs are.</p>
        <p>
          <Link className={shared.button} to="/site">
            Add your first site
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <RetentionNotice sites={sites.data} />
      <p>
        <Link className={shared.button} to="/site">
          Add a site
        </Link>
      </p>
      <ul className={styles.cards} aria-label="Your sites">
        {sites.data.map((site) => (
          <SiteCard key={site.id} site={site} />
        ))}
      </ul>
      {sites.data.some((s) => s.detailsOutOfDate) && (
        <p className={shared.hint}>
          Sites marked “{workspaceMessages.detailsOutOfDate}” show that warning to the public until you
          confirm them.
        </p>
      )}
    </>
  );
}

/**
 * /your-sites, where an operator lands after sign-in. `lead` is shown first to a signed-in operator:
 * the brand's routes pass in the summary of open requests (features never import each other).
 */
export function YourSitesPage({ lead }: { lead?: ReactNode }) {
  return (
    <WorkspacePage intro="The CCTV sites registered to your company.">
      {(account) => (
        <>
          {lead}
          <SitesList companyId={account.companyId} />
        </>
      )}
    </WorkspacePage>
  );
}

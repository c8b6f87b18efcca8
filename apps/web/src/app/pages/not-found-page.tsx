import { matchPage } from '@app/brands/pages';
import { Link } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useBrand } from '../../lib/brand';
import { PageLive } from '../../lib/page-live';

export const NOT_FOUND_PATH = '/404';

export function NotFoundPage() {
  const brand = useBrand();
  return (
    <PageShell
      title={matchPage(brand, NOT_FOUND_PATH)?.title ?? 'Page not found'}
      intro="The page you asked for does not exist or has moved."
    >
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
      <PageLive />
    </PageShell>
  );
}

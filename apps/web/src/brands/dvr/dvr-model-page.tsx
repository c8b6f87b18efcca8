import { useParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useDvr } from '../../features/catalogue/api/get-dvr';
import { ProductDetail } from '../../features/catalogue/components/product-detail';
import { QueryView } from '../../features/catalogue/components/query-view';

/** `/dvrs/{dvrName}`: one model in full, or a not-found page for a name that is not in the range. */
export function DvrModelPage() {
  const { dvrName } = useParams();
  const query = useDvr(dvrName);
  return (
    <QueryView
      query={query}
      notFound={{
        title: 'DVR model not found',
        text: `There is no Alien DVR model called ${dvrName ?? ''}. Check the model number on the label underneath your recorder.`,
        backTo: '/alien-hybrid',
        backLabel: 'See the Alien DVR range',
      }}
    >
      {(dvr) => (
        <PageShell title={dvr.title} intro={dvr.summary}>
          <ProductDetail product={{ ...dvr, name: dvr.dvrName }} showSummary={false} />
        </PageShell>
      )}
    </QueryView>
  );
}

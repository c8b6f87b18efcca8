import { Link, useParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useResources } from '../../features/catalogue/api/get-resources';
import { DownloadArea } from '../../features/catalogue/components/download-area';
import { DownloadList } from '../../features/catalogue/components/download-list';
import { QueryView } from '../../features/catalogue/components/query-view';
import { useBrand } from '../../lib/brand';

/** `/resources/{contentType}`: the manuals, datasheets, guides, firmware or software, with what each covers. */
export function ResourcesPage() {
  const { contentType } = useParams();
  const { downloadPage } = useBrand();
  const query = useResources(contentType);
  return (
    <QueryView
      query={query}
      notFound={{
        title: 'No such resources',
        text: `We have no resources of the type "${contentType ?? ''}".`,
        backTo: '/resources/manuals',
        backLabel: 'See the manuals',
      }}
    >
      {(group) => (
        <PageShell title={group.title} intro={group.description}>
          <DownloadArea>
            <h2>Files</h2>
            <DownloadList items={group.items} columns={downloadPage.columns} />
          </DownloadArea>
          <p>
            Looking for something else? <Link to="/contact-us">Ask our support team</Link>.
          </p>
        </PageShell>
      )}
    </QueryView>
  );
}

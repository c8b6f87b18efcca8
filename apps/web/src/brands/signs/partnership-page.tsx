import type { LexedMarkdown } from '@app/contract/markdown-tokens';
import { PartnershipForm } from '../../features/contact/partnership-form';
import { ContentPage } from '../../features/content/content-page';

/** /partnership-programme: the words of partnership-programme.md, then the application form. */
export function PartnershipPage({ page }: { page: LexedMarkdown }) {
  return (
    <ContentPage page={page}>
      <PartnershipForm />
    </ContentPage>
  );
}

import { PartnershipForm } from '../../features/contact/partnership-form';
import { ContentPage } from '../../features/content/content-page';

/** /partnership-programme: the words of partnership-programme.md, then the application form. */
export function PartnershipPage({ source }: { source: string }) {
  return (
    <ContentPage source={source}>
      <PartnershipForm />
    </ContentPage>
  );
}

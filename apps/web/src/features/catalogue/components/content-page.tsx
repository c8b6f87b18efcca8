import { ContentPageFrame, type ContentPageProps } from './content-page-frame';
import { PageSections } from './page-sections';

/** A page of a sister site with what its front matter lists drawn from its own code (PageSections). */
export function ContentPage(props: ContentPageProps) {
  return <ContentPageFrame {...props} sections={PageSections} />;
}

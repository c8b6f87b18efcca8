import { ContentPage } from '../../features/catalogue/components/content-page';
import { Library } from './library';

/** `/messages`: how to choose, then every category and subcategory. */
export function MessagesPage() {
  return <ContentPage slug="messages" before={<Library heading="Browse the library" />} />;
}

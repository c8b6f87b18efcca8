import type { LexedMarkdown } from '@app/contract/markdown-tokens';
import type { ReactNode } from 'react';
import { Markdown } from '../../components/markdown';
import { PageShell } from '../../components/page-shell';

export interface ContentPageProps {
  /** The page's Markdown file, lexed at build time: front matter and tokens. */
  page: LexedMarkdown;
  /** What code adds above the text, under the intro. */
  lead?: ReactNode;
  /** What code adds below the text: a form, a list of files. */
  children?: ReactNode;
}

/** A page that is its Markdown file: the heading from the brand config, the description as intro, the body. */
export function ContentPage({ page, lead, children }: ContentPageProps) {
  return (
    <PageShell intro={page.meta.description}>
      {lead}
      <Markdown tokens={page.tokens} />
      {children}
    </PageShell>
  );
}

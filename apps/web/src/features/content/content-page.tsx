import type { ReactNode } from 'react';
import { Markdown, splitFrontMatter } from '../../components/markdown';
import { PageShell } from '../../components/page-shell';

export interface ContentPageProps {
  /** The page's Markdown file, front matter included. */
  source: string;
  /** What code adds above the text, under the intro. */
  lead?: ReactNode;
  /** What code adds below the text: a form, a list of files. */
  children?: ReactNode;
}

/** A page that is its Markdown file: the heading from the brand config, the description as intro, the body. */
export function ContentPage({ source, lead, children }: ContentPageProps) {
  const { meta } = splitFrontMatter(source);
  return (
    <PageShell intro={meta.description}>
      {lead}
      <Markdown source={source} />
      {children}
    </PageShell>
  );
}

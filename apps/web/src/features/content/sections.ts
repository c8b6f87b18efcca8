import type { Token, Tokens } from 'marked';
import { lexMarkdown, slugify, splitFrontMatter } from '../../components/markdown';

export interface Section {
  /** The `##` heading's text. */
  title: string;
  /** A stable id made from the title. */
  id: string;
  /** The heading's inline tokens, for rendering links or emphasis in it. */
  heading: Tokens.Heading;
  /** Everything up to the next `##` heading. */
  tokens: Token[];
}

export interface SplitPage {
  meta: Record<string, string>;
  /** What comes before the first `##` heading. */
  intro: Token[];
  sections: Section[];
}

/** A content file cut at its `##` headings: the FAQ's questions, the home page's panels. */
export function splitSections(source: string): SplitPage {
  const { meta, body } = splitFrontMatter(source);
  const intro: Token[] = [];
  const sections: Section[] = [];
  for (const token of lexMarkdown(body)) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) {
      const heading = token as Tokens.Heading;
      sections.push({ title: heading.text, id: slugify(heading.text), heading, tokens: [] });
    } else {
      (sections.at(-1)?.tokens ?? intro).push(token);
    }
  }
  return { meta, intro, sections };
}

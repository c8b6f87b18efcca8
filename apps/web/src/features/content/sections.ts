import type { Token, Tokens } from 'marked';
import { slugify } from '../../components/markdown';

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
  /** What comes before the first `##` heading. */
  intro: Token[];
  sections: Section[];
}

/** A lexed content file cut at its `##` headings: the FAQ's questions, the home page's panels. */
export function splitSections(tokens: readonly Token[]): SplitPage {
  const intro: Token[] = [];
  const sections: Section[] = [];
  for (const token of tokens) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) {
      const heading = token as Tokens.Heading;
      sections.push({ title: heading.text, id: slugify(heading.text), heading, tokens: [] });
    } else {
      (sections.at(-1)?.tokens ?? intro).push(token);
    }
  }
  return { intro, sections };
}

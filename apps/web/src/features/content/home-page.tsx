import type { LexedMarkdown } from '@app/contract/markdown-tokens';
import { useMemo } from 'react';
import { Form, Link } from 'react-router';
import { renderMarkdownTokens } from '../../components/markdown';
import markdownStyles from '../../components/markdown.module.css';
import { PageShell } from '../../components/page-shell';
import styles from './content.module.css';
import { splitSections } from './sections';

/** The look-up box: a GET form, so `/search-scheme?ref=...` works with or without JavaScript. */
function LookupBox() {
  return (
    <Form
      method="get"
      action="/search-scheme"
      role="search"
      aria-label="Look up a sign"
      className={styles.lookup}
    >
      <label htmlFor="home-sign-ref" className={styles.lookupLabel}>
        Sign reference
      </label>
      <p id="home-sign-ref-hint" className={styles.lookupHint}>
        Printed on the sticker on the sign, for example K7QM-3XWD-P9TE. Hyphens and capitals do not matter.
      </p>
      <div className={styles.lookupRow}>
        <input
          id="home-sign-ref"
          name="ref"
          type="text"
          className={styles.lookupInput}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-describedby="home-sign-ref-hint"
        />
        <button type="submit" className={styles.lookupButton}>
          Look up
        </button>
      </div>
      <p className={styles.lookupAlternative}>
        Cannot read the sticker? <Link to="/search">Search scheme operators</Link> by name, town or postcode.
      </p>
    </Form>
  );
}

/**
 * The home page: what the register is for and the look-up box, then the panels of home.md (one
 * per `##` section): for the public, for operators, and why it matters.
 */
export function HomePage({ page }: { page: LexedMarkdown }) {
  const { intro, sections } = useMemo(() => splitSections(page.tokens), [page]);
  return (
    <PageShell intro={page.meta.description}>
      <div className={styles.hero}>
        <div className={`${markdownStyles.markdown} ${styles.heroText}`}>
          {renderMarkdownTokens(intro, 'intro')}
        </div>
        <LookupBox />
      </div>
      <div className={styles.panels}>
        {sections.map((section) => (
          <section key={section.id} className={styles.panel} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.title}</h2>
            <div className={markdownStyles.markdown}>{renderMarkdownTokens(section.tokens, section.id)}</div>
          </section>
        ))}
      </div>
    </PageShell>
  );
}

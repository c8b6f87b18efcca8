import type { LexedMarkdown } from '@app/contract/markdown-tokens';
import { useMemo, useState } from 'react';
import { renderMarkdownTokens } from '../../components/markdown';
import markdownStyles from '../../components/markdown.module.css';
import { PageShell } from '../../components/page-shell';
import styles from './content.module.css';
import { splitSections } from './sections';

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      className={styles.chevron}
      data-open={open}
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
    >
      <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * content/signs/faqs.md as an accordion (the WAI-ARIA pattern): each question a heading holding
 * a button that shows or hides its answer, the answer a region named by its question.
 */
export function FaqPage({ page }: { page: LexedMarkdown }) {
  const { sections } = useMemo(() => splitSections(page.tokens), [page]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const allOpen = open.size === sections.length;

  return (
    <PageShell intro={page.meta.description}>
      <div className={styles.faqTools}>
        <button
          type="button"
          className={styles.textButton}
          onClick={() => setOpen(allOpen ? new Set() : new Set(sections.map((s) => s.id)))}
        >
          {allOpen ? 'Close all answers' : 'Open all answers'}
        </button>
      </div>
      <div className={styles.faq}>
        {sections.map((section) => {
          const expanded = open.has(section.id);
          return (
            <div key={section.id} className={styles.faqItem}>
              <h2 className={styles.faqQuestion}>
                <button
                  type="button"
                  id={`${section.id}-question`}
                  className={styles.faqButton}
                  aria-expanded={expanded}
                  aria-controls={`${section.id}-answer`}
                  onClick={() => toggle(section.id)}
                >
                  <span>{section.title}</span>
                  <Chevron open={expanded} />
                </button>
              </h2>
              <section
                id={`${section.id}-answer`}
                aria-labelledby={`${section.id}-question`}
                className={`${styles.faqAnswer} ${markdownStyles.markdown}`}
                hidden={!expanded}
              >
                {renderMarkdownTokens(section.tokens, section.id)}
              </section>
            </div>
          );
        })}
      </div>
    </PageShell>
  );
}

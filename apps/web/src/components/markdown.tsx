// Only marked's types: the API and the build lex Markdown (@app/contract/markdown), the browser
// renders the tokens they send and never loads the lexer.
import type { Token, Tokens } from 'marked';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import styles from './markdown.module.css';

/** `## How do I get footage?` -> `how-do-i-get-footage` */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/**
 * Each item with a key made from its place in the document. The content is static text that is
 * never reordered, so the position is a stable identity.
 */
function keyed<T>(items: readonly T[], prefix: string): Array<[string, T]> {
  return items.map((item, position) => [`${prefix}-${position}`, item]);
}

function renderInline(tokens: Token[] | undefined, keyPrefix: string): ReactNode[] {
  return (tokens ?? []).map((token, i) => renderInlineToken(token, `${keyPrefix}-${i}`));
}

function renderInlineToken(token: Token, key: string): ReactNode {
  switch (token.type) {
    case 'strong':
      return <strong key={key}>{renderInline((token as Tokens.Strong).tokens, key)}</strong>;
    case 'em':
      return <em key={key}>{renderInline((token as Tokens.Em).tokens, key)}</em>;
    case 'codespan':
      return <code key={key}>{(token as Tokens.Codespan).text}</code>;
    case 'del':
      return <del key={key}>{renderInline((token as Tokens.Del).tokens, key)}</del>;
    case 'br':
      return <br key={key} />;
    case 'link': {
      const link = token as Tokens.Link;
      const children = renderInline(link.tokens, key);
      if (isExternal(link.href)) {
        const mail = link.href.startsWith('mailto:') || link.href.startsWith('tel:');
        return (
          <a key={key} href={link.href} {...(mail ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
            {children}
            {mail ? null : <span className={styles.visuallyHidden}> (opens in a new tab)</span>}
          </a>
        );
      }
      return (
        <Link key={key} to={link.href}>
          {children}
        </Link>
      );
    }
    case 'image': {
      const image = token as Tokens.Image;
      return <img key={key} src={image.href} alt={image.text} loading="lazy" className={styles.image} />;
    }
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? <span key={key}>{renderInline(text.tokens, key)}</span> : text.text;
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    default:
      // Raw HTML and anything unknown is shown as text, never interpreted.
      return 'raw' in token ? String(token.raw) : null;
  }
}

/**
 * A table wider than a phone scrolls in its own box: a named region in the tab order, so a keyboard
 * can scroll it too. Named by the heading above it (`labelledBy`, its id), when there is one.
 */
function renderBlock(token: Token, key: string, labelledBy?: string): ReactNode {
  switch (token.type) {
    case 'heading': {
      const heading = token as Tokens.Heading;
      const level = Math.min(Math.max(heading.depth, 2), 6);
      const Tag = `h${level}` as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
      return (
        <Tag key={key} id={slugify(heading.text)}>
          {renderInline(heading.tokens, key)}
        </Tag>
      );
    }
    case 'paragraph': {
      const inline = (token as Tokens.Paragraph).tokens;
      const [only] = inline;
      // A paragraph that is one link into the site is the page's call to action: a button to see.
      if (inline.length === 1 && only?.type === 'link' && !isExternal((only as Tokens.Link).href)) {
        return (
          <p key={key}>
            <Link to={(only as Tokens.Link).href} className={styles.action}>
              {renderInline((only as Tokens.Link).tokens, key)}
            </Link>
          </p>
        );
      }
      return <p key={key}>{renderInline(inline, key)}</p>;
    }
    case 'list': {
      const list = token as Tokens.List;
      const items = keyed(list.items, key).map(([itemKey, item]) => (
        <li key={itemKey}>{renderBlocks(item.tokens, itemKey, true)}</li>
      ));
      return list.ordered ? (
        <ol key={key} start={typeof list.start === 'number' ? list.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'blockquote':
      return <blockquote key={key}>{renderBlocks((token as Tokens.Blockquote).tokens, key)}</blockquote>;
    case 'code':
      return (
        <pre key={key} className={styles.code}>
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} />;
    case 'table': {
      const table = token as Tokens.Table;
      return (
        <section
          key={key}
          className={styles.tableWrap}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': 'Table' })}
        >
          <table className={styles.table}>
            <thead>
              <tr>
                {keyed(table.header, `${key}-h`).map(([cellKey, cell]) => (
                  <th key={cellKey} scope="col">
                    {renderInline(cell.tokens, cellKey)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {keyed(table.rows, `${key}-r`).map(([rowKey, row]) => (
                <tr key={rowKey}>
                  {keyed(row, rowKey).map(([cellKey, cell]) => (
                    <td key={cellKey}>{renderInline(cell.tokens, cellKey)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      );
    }
    case 'space':
      return null;
    case 'text': {
      const text = token as Tokens.Text;
      return <p key={key}>{text.tokens ? renderInline(text.tokens, key) : text.text}</p>;
    }
    default:
      return renderInlineToken(token, key);
  }
}

function renderBlocks(tokens: Token[], keyPrefix: string, tight = false): ReactNode[] {
  let headingId: string | undefined;
  return tokens.map((token, i) => {
    if (token.type === 'heading') headingId = slugify((token as Tokens.Heading).text);
    // A tight list item's text is inline: no paragraph around it.
    if (tight && token.type === 'text') {
      const text = token as Tokens.Text;
      return text.tokens ? renderInline(text.tokens, `${keyPrefix}-${i}`) : text.text;
    }
    return renderBlock(token, `${keyPrefix}-${i}`, headingId);
  });
}

/** Lexed Markdown as React elements; for pages that lay out sections themselves. */
export function renderMarkdownTokens(tokens: Token[], keyPrefix = 'md'): ReactNode[] {
  return renderBlocks(tokens, keyPrefix);
}

/**
 * Lexed Markdown shown as React elements. Raw HTML in the source is shown as text, so content
 * can never inject markup; internal links use the router, external ones open in a new tab.
 */
export function Markdown({ tokens }: { tokens: Token[] }) {
  const nodes = useMemo(() => renderBlocks(tokens, 'md'), [tokens]);
  return <div className={styles.markdown}>{nodes}</div>;
}

// Markdown rendered as React elements from marked's tokens. Raw HTML is never rendered: an
// HTML token shows as its text, and only http(s), mailto and site-relative links are kept.
import { type Token, type Tokens, lexer } from 'marked';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  return SAFE_URL.test(trimmed) ? trimmed : null;
}

function inline(tokens: Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, index) => <Fragment key={index}>{renderInline(token)}</Fragment>);
}

function renderInline(token: Token): ReactNode {
  switch (token.type) {
    case 'strong':
      return <strong>{inline((token as Tokens.Strong).tokens)}</strong>;
    case 'em':
      return <em>{inline((token as Tokens.Em).tokens)}</em>;
    case 'del':
      return <del>{inline((token as Tokens.Del).tokens)}</del>;
    case 'codespan':
      return <code>{(token as Tokens.Codespan).text}</code>;
    case 'br':
      return <br />;
    case 'link': {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      if (!href) return inline(link.tokens);
      if (href.startsWith('/')) return <Link to={href}>{inline(link.tokens)}</Link>;
      return (
        <a href={href} rel="noopener noreferrer" target="_blank">
          {inline(link.tokens)}
        </a>
      );
    }
    case 'image': {
      const image = token as Tokens.Image;
      const src = safeHref(image.href);
      return src ? <img src={src} alt={image.text} loading="lazy" /> : image.text;
    }
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens) : decode(text.text);
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'html':
      // Raw HTML shows as text, never as markup.
      return (token as Tokens.HTML).text;
    default:
      return 'raw' in token ? token.raw : null;
  }
}

// marked escapes some characters in text tokens; React escapes again, so undo marked's.
function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function block(token: Token, key: number, headingOffset: number): ReactNode {
  switch (token.type) {
    case 'heading': {
      const heading = token as Tokens.Heading;
      const level = Math.min(6, heading.depth + headingOffset);
      const Tag = `h${level}` as 'h2';
      return <Tag key={key}>{inline(heading.tokens)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{inline((token as Tokens.Paragraph).tokens)}</p>;
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, index) => (
        <li key={index}>{item.tokens.map((child, i) => blockOrInline(child, i, headingOffset))}</li>
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
      return (
        <blockquote key={key}>
          {(token as Tokens.Blockquote).tokens.map((child, i) => block(child, i, headingOffset))}
        </blockquote>
      );
    case 'code':
      return (
        <pre key={key}>
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} />;
    case 'space':
      return null;
    case 'html':
      return <p key={key}>{(token as Tokens.HTML).text}</p>;
    case 'table': {
      const table = token as Tokens.Table;
      return (
        <table key={key}>
          <thead>
            <tr>
              {table.header.map((cell, i) => (
                <th key={i}>{inline(cell.tokens)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) => (
                  <td key={i}>{inline(cell.tokens)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case 'text': {
      const text = token as Tokens.Text;
      return <p key={key}>{text.tokens ? inline(text.tokens) : decode(text.text)}</p>;
    }
    default:
      return null;
  }
}

// List items hold loose text tokens (render inline) or nested blocks.
function blockOrInline(token: Token, key: number, headingOffset: number): ReactNode {
  if (token.type === 'text') {
    const text = token as Tokens.Text;
    return <Fragment key={key}>{text.tokens ? inline(text.tokens) : decode(text.text)}</Fragment>;
  }
  return block(token, key, headingOffset);
}

interface MarkdownProps {
  source: string;
  className?: string;
  /** Shifts heading levels so that a page's own h1 stays the only one. */
  headingOffset?: number;
}

export function Markdown({ source, className, headingOffset = 0 }: MarkdownProps) {
  const tokens = lexer(source ?? '');
  return <div className={className}>{tokens.map((token, i) => block(token, i, headingOffset))}</div>;
}

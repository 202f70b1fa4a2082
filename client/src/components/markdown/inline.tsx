// Markdown's inline tokens (emphasis, code, links, images, text) as React elements. Raw HTML
// shows as its text; a link or image with an unsafe target keeps only its words.
import type { Token, Tokens } from 'marked';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { decode, safeHref } from './text';

export function inline(tokens: Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, index) => <Fragment key={index}>{renderInline(token)}</Fragment>);
}

/** A text token's words: its inline tokens when marked split it, else the text itself. */
export function textContent(text: Tokens.Text): ReactNode {
  return text.tokens ? inline(text.tokens) : decode(text.text);
}

function MarkdownLink({ link }: { link: Tokens.Link }) {
  const href = safeHref(link.href);
  if (!href) return inline(link.tokens);
  // A site path stays in the app; anything else opens apart from it.
  if (href.startsWith('/')) return <Link to={href}>{inline(link.tokens)}</Link>;
  return (
    <a href={href} rel="noopener noreferrer" target="_blank">
      {inline(link.tokens)}
    </a>
  );
}

function MarkdownImage({ image }: { image: Tokens.Image }) {
  const src = safeHref(image.href);
  return src ? <img src={src} alt={image.text} loading="lazy" /> : image.text;
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
    case 'link':
      return <MarkdownLink link={token as Tokens.Link} />;
    case 'image':
      return <MarkdownImage image={token as Tokens.Image} />;
    case 'text':
      return textContent(token as Tokens.Text);
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'html':
      // Raw HTML shows as text, never as markup.
      return (token as Tokens.HTML).text;
    default:
      return 'raw' in token ? token.raw : null;
  }
}

// Markdown rendered as React elements from marked's tokens (blocks in markdown/blocks.tsx, inline
// tokens in markdown/inline.tsx). Raw HTML is never rendered: an HTML token shows as its text,
// and only http(s), mailto and site-relative links are kept (markdown/text.ts).
import { lexer } from 'marked';
import { block } from './markdown/blocks';

export { safeHref } from './markdown/text';

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

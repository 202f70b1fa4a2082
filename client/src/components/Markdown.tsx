// Markdown rendered as React elements from marked's tokens (blocks in markdown/blocks.tsx, inline
// tokens in markdown/inline.tsx). Raw HTML is never rendered: an HTML token shows as its text,
// and only http(s), mailto and site-relative links are kept (markdown/text.ts).
// A long text renders its first blocks at once and the rest a few a task (components/progressive.tsx),
// so that an article's body never blocks a phone's main thread in one long task.
import { lexer, type Token } from 'marked';
import { memo, useMemo } from 'react';
import { block } from './markdown/blocks';
import { PendingItems, useRevealed } from './progressive';

export { safeHref } from './markdown/text';

/** Blocks rendered at once (below an article's title, picture and lede on a phone's first screen), then
 * a few a task. */
const FIRST_BLOCKS = 3;
const BLOCKS_PER_TASK = 4;

interface MarkdownProps {
  source: string;
  className?: string;
  /** Shifts heading levels so that a page's own h1 stays the only one. */
  headingOffset?: number;
}

export function Markdown({ source, className, headingOffset = 0 }: MarkdownProps) {
  const tokens = useMemo(() => lexer(source ?? ''), [source]);
  const shown = useRevealed(tokens.length, FIRST_BLOCKS, BLOCKS_PER_TASK);
  return (
    <div className={className}>
      {tokens.slice(0, shown).map((token, i) => (
        <Block key={i} token={token} index={i} offset={headingOffset} />
      ))}
      {shown < tokens.length && <PendingItems as="div" />}
    </div>
  );
}

/** One top-level block, memoized: each step of the reveal renders the Markdown again, and the
 * blocks already shown are skipped instead of built and compared again (which made the whole
 * reveal cost the square of the text's length). */
const Block = memo(function Block({ token, index, offset }: { token: Token; index: number; offset: number }) {
  return <>{block(token, index, offset)}</>;
});

// Long lists render what fills the first screen at once and the rest a few items a task, so that
// no one task renders and lays out two dozen cards: on a phone's CPU that blocks the page for
// hundreds of milliseconds (bench/README.md: lighthouse.mjs). Until every item is there, the rest
// of the list holds a screen, so that the footer starts below the fold and nothing visible moves.
import { useEffect, useState } from 'react';
import './progressive.css';

/** How many of `length` items to render now: `first` at once, then `step` more a task. */
export function useRevealed(length: number, first: number, step: number): number {
  const [revealed, setRevealed] = useState(first);
  useEffect(() => {
    if (revealed >= length) return undefined;
    const timer = window.setTimeout(() => setRevealed((count) => count + step), 0);
    return () => window.clearTimeout(timer);
  }, [revealed, length, step]);
  return Math.min(length, revealed);
}

/** The place of the items still to come: a list item inside a list, a block elsewhere. */
export function PendingItems({ as: Tag = 'li' }: { as?: 'li' | 'div' }) {
  return <Tag className="pending-items" aria-hidden="true" />;
}

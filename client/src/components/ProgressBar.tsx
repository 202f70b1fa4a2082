// How far a member has watched, in the look of a program's progress: a bar with its words for
// screen readers ('40% watched'). On a card the bar is drawn only and its words are the card's.
import { type ReactNode } from 'react';
import { figureParts, type Figures } from './figures';
import './progress-bar.css';

/** A percent as a whole number within 0-100. */
export function wholePercent(value: number | null | undefined): number {
  return Math.min(100, Math.max(0, Math.round(value ?? 0)));
}

export function ProgressBar({ percent, label }: { percent: number; label?: string }) {
  const value = wholePercent(percent);
  return (
    <span
      className="progress-bar"
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label ?? `${value}% watched`}
    >
      <span className="progress-bar__value" style={{ width: `${value}%` }} />
    </span>
  );
}

/** The bar along the bottom of a card's picture (the card says its words: watchedText). */
export function CardProgress({ percent }: { percent: number }) {
  return (
    <span className="progress-bar progress-bar--card" aria-hidden="true">
      <span className="progress-bar__value" style={{ width: `${wholePercent(percent)}%` }} />
    </span>
  );
}

export function watchedText(percent: number): string {
  return `${wholePercent(percent)}% watched`;
}

/**
 * An item's progress on its page, as a program first showed it: 'Your progress', the bar (a
 * native progress element, so a progressbar), 'n% complete' or 'Completed', and a count such as
 * '2 of 5 videos'.
 */
export function WatchProgress({ id, percent, count }: { id: string; percent: number; count?: ReactNode }) {
  const value = wholePercent(percent);
  return (
    <div className="watch-progress">
      <label htmlFor={id}>Your progress</label>
      <progress id={id} value={value} max={100}>
        {value}%
      </progress>
      <span>{value === 100 ? 'Completed' : `${value}% complete`}</span>
      {count && <span className="watch-progress__count">{count}</span>}
    </div>
  );
}

/** "2 of 5 videos watched, 1 of 3 exercises solved", each part kept on one line when it wraps. */
export function FiguresWords({ figures }: { figures: Figures }) {
  const parts = figureParts(figures);
  return parts.map((part, index) => (
    <span key={part} className="figures__part">
      {part}
      {index < parts.length - 1 ? ', ' : ''}
    </span>
  ));
}

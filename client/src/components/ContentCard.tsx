// A content card (lesson, episode, video, program, article): a link to its page. A locked item's
// card wears a lock and leads to its page all the same, which says what unlocks it.
import { type CSSProperties, memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Media } from '../api/contract';
import { type Figures, figuresShort, figuresText } from './figures';
import { LockIcon } from './icons';
import { Picture } from './Picture';
import { CardProgress, watchedText } from './ProgressBar';
import './content-card.css';

interface ContentCardProps {
  to: string;
  title: string;
  image?: Media | null;
  meta?: ReactNode;
  badge?: ReactNode;
  locked?: boolean;
  className?: string;
  headingLevel?: 2 | 3 | 4;
  style?: CSSProperties;
  /** Where the card sits on a phone's first screen: 'high' for the first, 'eager' for the next. */
  imageLoading?: 'high' | 'eager' | 'lazy';
  /** How far the member watched it, 0-100: a bar on the picture from 1 on. */
  progress?: number | null;
  /**
   * A lesson's or program's videos watched and exercises solved, for a member: a line of its own
   * ('2/5 videos · 1/3 exercises'), kept empty while they are not there or for an item never
   * started, so that the card does not grow when they arrive. Undefined: no line (guests).
   */
  figures?: Figures | null;
}

/** Card images of a list or row by position: on a phone the first card is the page's largest
 * image and the second shows in part; the rest wait until they are scrolled near. */
export function cardImageLoading(index: number): ContentCardProps['imageLoading'] {
  if (index === 0) return 'high';
  return index === 1 ? 'eager' : 'lazy';
}

/**
 * Memoized: a list that grows a few cards a task (list-cards.ts) renders again on each step, and
 * the cards already there are skipped instead of compared element by element.
 */
export const ContentCard = memo(function ContentCard({
  to,
  title,
  image,
  meta,
  badge,
  locked = false,
  className = '',
  headingLevel = 3,
  style,
  imageLoading = 'lazy',
  progress,
  figures,
}: ContentCardProps) {
  const watched = progress && progress > 0 ? progress : null;
  const Heading = `h${headingLevel}` as const;
  const body = (
    <>
      <span className="content-card__media">
        <Picture
          media={image}
          formats={['small', 'medium', 'thumbnail']}
          className="content-card__image"
          eager={imageLoading === 'eager'}
          priority={imageLoading === 'high'}
        />
        {locked && (
          <span className="content-card__lock">
            <LockIcon />
          </span>
        )}
        {badge}
        {watched !== null && <CardProgress percent={watched} />}
      </span>
      <span className="content-card__body">
        <Heading className="content-card__title">{title}</Heading>
        {meta && <span className="content-card__meta">{meta}</span>}
        {figures !== undefined && <FiguresLine figures={figures} />}
        {watched !== null && <span className="visually-hidden">{watchedText(watched)}</span>}
        {locked && <span className="visually-hidden"> (Pro, locked)</span>}
      </span>
    </>
  );
  return (
    <Link
      className={['content-card', locked && 'content-card--locked', className].filter(Boolean).join(' ')}
      to={to}
      style={style}
    >
      {body}
    </Link>
  );
});

function FiguresLine({ figures }: { figures: Figures | null }) {
  // The figures of an item started (one never started has none: its line stays empty).
  return (
    <span className="content-card__figures">
      {figures ? (
        <>
          <span aria-hidden="true">{figuresShort(figures)}</span>
          <span className="visually-hidden">{figuresText(figures)}</span>
        </>
      ) : (
        '\u00a0'
      )}
    </span>
  );
}

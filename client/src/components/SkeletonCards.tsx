// Cards in the shape of the cards to come, shown while a list loads: the same size as real cards
// (16:9 picture, a title line and a meta line), so nothing jumps when they arrive. Screen readers
// hear the label once; the grey cards themselves are hidden from them.
import './content-card.css';

interface SkeletonCardsProps {
  /** What is loading, for screen readers: 'Loading lessons…'. */
  label: string;
  count: number;
  /** A wrapping grid (lists) or a sideways row (home sections). */
  layout?: 'grid' | 'row';
}

export function SkeletonCards({ label, count, layout = 'grid' }: SkeletonCardsProps) {
  return (
    <div className={`skeleton-cards skeleton-cards--${layout}`} role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <CardShapes count={count} layout={layout} />
    </div>
  );
}

function CardShapes({ count, layout }: { count: number; layout: 'grid' | 'row' }) {
  return (
    <ul className={layout === 'row' ? 'card-row' : 'card-grid'} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <span className="content-card content-card--skeleton">
            <span className="content-card__media skeleton" />
            <span className="content-card__body">
              <span className="content-card__title skeleton skeleton--line skeleton--title" />
              <span className="content-card__meta skeleton skeleton--line skeleton--short" />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Home sections on their way: a heading's place and a row of cards, `count` times over. */
export function SkeletonSections({ label, count }: { label: string; count: number }) {
  return (
    <div className="skeleton-cards" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="section" aria-hidden="true">
          <span className="section__title skeleton skeleton--line skeleton--heading" />
          <CardShapes count={3} layout="row" />
        </div>
      ))}
    </div>
  );
}

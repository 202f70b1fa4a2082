// The member's puzzle rating over their last rated puzzles: an SVG line, with its meaning in
// words for screen readers and for anyone who would rather read it.
import type { PuzzleRatingPoint } from '../../../api/contract';

const WIDTH = 240;
const HEIGHT = 64;
const PAD = 4;

export function RatingChart({ points }: { points: PuzzleRatingPoint[] }) {
  if (points.length < 2) {
    return <p className="rating-chart__empty muted">Your rating chart starts after your second rated puzzle.</p>;
  }
  const ratings = points.map((point) => point.rating);
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const span = Math.max(high - low, 20);
  const x = (index: number) => PAD + (index / (points.length - 1)) * (WIDTH - 2 * PAD);
  const y = (rating: number) => HEIGHT - PAD - ((rating - low) / span) * (HEIGHT - 2 * PAD);
  const line = ratings.map((rating, index) => `${x(index).toFixed(1)},${y(rating).toFixed(1)}`).join(' ');
  const first = ratings[0]!;
  const last = ratings[ratings.length - 1]!;
  const words = `Your rating over your last ${points.length} rated puzzles: from ${first} to ${last}, lowest ${low}, highest ${high}.`;
  return (
    <figure className="rating-chart">
      <svg className="rating-chart__line" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={words}>
        <polyline points={line} fill="none" />
        <circle cx={x(points.length - 1)} cy={y(last)} r="3" />
      </svg>
      <figcaption className="rating-chart__caption">
        <span>
          Last {points.length} rated: {first} → {last}
        </span>
        <span>
          low {low} · high {high}
        </span>
      </figcaption>
    </figure>
  );
}

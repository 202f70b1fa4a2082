// The member's standing beside the board: rating (and its chart), streak, the review queue with
// its Review button, and what is left of a free member's day.
import type { PuzzleStanding } from '../../../api/contract';
import { ratingText } from '../format';
import { RatingChart } from './RatingChart';

/** Puzzles of the review due now (the review also holds lesson exercises, reviewed in lessons). */
export const puzzlesDueNow = (standing: PuzzleStanding | null) =>
  standing?.review.items.filter((item) => item.kind === 'puzzle').length ?? 0;

/** The strip's place (and a free member's allowance line's) until the standing comes, so that the
 * board below does not move when it does; the server's first screen draws the strip's too
 * (bff/pages/puzzle_screens.py). */
export function StandingPlaceholder({ allowance }: { allowance: boolean }) {
  return (
    <>
      <dl className="puzzle-standing puzzle-standing--pending" aria-hidden="true">
        {['Rating', 'Streak', 'To review'].map((name) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{'\u00a0'}</dd>
          </div>
        ))}
      </dl>
      {allowance && (
        <p className="puzzle-allowance" aria-hidden="true">
          {'\u00a0'}
        </p>
      )}
    </>
  );
}

export function StandingStrip({ standing }: { standing: PuzzleStanding }) {
  const { streak } = standing;
  return (
    <dl className="puzzle-standing">
      <div>
        <dt>Rating</dt>
        <dd>{ratingText(standing.rating, standing.provisional)}</dd>
      </div>
      <div>
        <dt>Streak</dt>
        <dd>
          {streak.current} day{streak.current === 1 ? '' : 's'}
        </dd>
      </div>
      <div>
        <dt>To review</dt>
        <dd>{standing.review.due_today}</dd>
      </div>
    </dl>
  );
}

export function ReviewBlock({
  standing,
  onReview,
  reviewing,
}: {
  standing: PuzzleStanding;
  onReview: () => void;
  reviewing: boolean;
}) {
  const dueToday = standing.review.due_today;
  const dueNow = puzzlesDueNow(standing);
  return (
    <section className="puzzle-side__block" aria-labelledby="puzzle-review-title">
      <h2 id="puzzle-review-title" className="puzzle-side__title">
        Review
      </h2>
      <p>{dueToday > 0 ? `${dueToday} to review today` : 'Nothing to review today.'}</p>
      {dueNow > 0 ? (
        <button type="button" className="button button--secondary" onClick={onReview} disabled={reviewing}>
          Review {dueNow === 1 ? 'the puzzle' : `${dueNow} puzzles`} due now
        </button>
      ) : (
        <p className="muted">
          A missed puzzle comes back ten minutes later, then further apart each time you solve it.
        </p>
      )}
    </section>
  );
}

export function RatingBlock({ standing }: { standing: PuzzleStanding }) {
  return (
    <section className="puzzle-side__block" aria-labelledby="puzzle-rating-title">
      <h2 id="puzzle-rating-title" className="puzzle-side__title">
        Rating chart
      </h2>
      <RatingChart points={standing.rating_history} />
      {standing.provisional && (
        <p className="muted">Still settling: the question mark goes once you have played a few more puzzles.</p>
      )}
    </section>
  );
}

export function AllowanceLine({ standing }: { standing: PuzzleStanding }) {
  const { per_day: perDay, left } = standing.allowance;
  if (perDay === null || left === null) return null;
  return (
    <p className="puzzle-allowance">
      {left > 0 ? `${left} of ${perDay} free puzzles left today` : 'No free puzzles left today'}
    </p>
  );
}

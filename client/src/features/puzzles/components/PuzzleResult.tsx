// What a puzzle's end says under the board: the member's rating and its change (or why it did
// not change), the puzzle's rating, its themes (shown only now: they would give it away) and the
// streak; a guest is invited to have a rating of their own.
import type { Puzzle } from '../../../api/contract';
import type { PuzzleAttempt } from '../../../state/puzzles/slice';
import { ratingChange } from '../format';

export function PuzzleResult({
  puzzle,
  attempt,
  guest = false,
  onRetry,
}: {
  puzzle: Puzzle;
  attempt: PuzzleAttempt | null;
  guest?: boolean;
  onRetry?: () => void;
}) {
  const outcome = attempt?.puzzleId === puzzle.id ? attempt.outcome : null;
  const status = attempt?.puzzleId === puzzle.id ? attempt.status : null;
  const change = outcome?.rating.change ?? 0;
  return (
    <div className="puzzle-result">
      {guest && <p className="puzzle-result__line">Unrated: sign up to get a puzzle rating of your own.</p>}
      {status === 'loading' && <p className="puzzle-result__line muted">Recording your result…</p>}
      {status === 'failed' && (
        <p className="puzzle-result__line">
          <span className="puzzle-result__error">Your result is not recorded yet.</span>{' '}
          {onRetry && (
            <button type="button" className="link-button" onClick={onRetry}>
              Send it again
            </button>
          )}
        </p>
      )}
      {outcome &&
        (outcome.rated ? (
          <p className="puzzle-result__rating">
            Your rating <strong>{outcome.rating.after}</strong>{' '}
            <span
              className={`rating-change rating-change--${change > 0 ? 'up' : change < 0 ? 'down' : 'even'}`}
              aria-label={`${change >= 0 ? 'up' : 'down'} ${Math.abs(change)}`}
            >
              {ratingChange(change)}
            </span>
          </p>
        ) : (
          <p className="puzzle-result__line">Not rated: you have played this puzzle before.</p>
        ))}
      <p className="puzzle-result__line muted">
        Puzzle rated {outcome?.puzzle_rating ?? puzzle.rating}
        {outcome &&
          outcome.streak.current > 0 &&
          ` · streak ${outcome.streak.current} day${outcome.streak.current > 1 ? 's' : ''}`}
      </p>
      {puzzle.themes.length > 0 && (
        <ul className="puzzle-result__themes" aria-label="Themes">
          {puzzle.themes.map((theme) => (
            <li key={theme.theme}>{theme.name}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

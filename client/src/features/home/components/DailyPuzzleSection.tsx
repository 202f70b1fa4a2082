// Home's daily puzzle: the day's puzzle in a line (who is to play, its rating) with a link to
// /puzzles/daily ("Solved" once the member solved it today, "See the solution" once missed), and
// for a member "n to review today" when the review has some. Shown once the day's puzzle has come
// (the home page asks for it); nothing at all if it does not.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Section } from '../../../components/Section';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { selectIsSignedIn } from '../../../state/auth-slice';
import { selectDailyPuzzle, selectReviewDueToday, standingRequested } from '../../../state/puzzles/standing-slice';
import './daily-puzzle.css';

export function DailyPuzzleSection() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const daily = useAppSelector(selectDailyPuzzle).data;
  const toReview = useAppSelector(selectReviewDueToday);

  useEffect(() => {
    if (signedIn) dispatch(standingRequested());
  }, [dispatch, signedIn]);

  if (!daily) return null;
  // The puzzle's position is before the opponent's move: the solver is the other side.
  const solver = daily.solver === 'black' ? 'Black' : 'White';
  const played = signedIn && daily.played;
  return (
    <Section
      id="daily-puzzle"
      className="daily-puzzle"
      title="Daily puzzle"
      link={{ to: '/puzzles', label: 'All puzzles >' }}
    >
      <div className="daily-puzzle-card">
        <p className="daily-puzzle-card__text">
          {played ? (
            <>
              <strong>{daily.solved ? 'You solved today’s puzzle.' : 'You missed today’s puzzle.'}</strong> A new one
              comes tomorrow.
            </>
          ) : (
            <>
              <strong>{solver} to play and win.</strong> Rated {daily.rating}, the same puzzle for everyone today.
            </>
          )}
        </p>
        <div className="daily-puzzle-card__actions">
          {played ? (
            <Link className="button button--secondary" to="/puzzles/daily">
              {daily.solved ? 'Solved' : 'See the solution'}
            </Link>
          ) : (
            <Link className="button" to="/puzzles/daily">
              Solve the daily puzzle
            </Link>
          )}
          {signedIn && toReview > 0 && (
            <Link className="button button--secondary" to="/puzzles">
              {toReview} to review today
            </Link>
          )}
        </div>
      </div>
    </Section>
  );
}

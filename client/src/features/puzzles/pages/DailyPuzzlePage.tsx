// /puzzles/daily: the day's puzzle (the same for everyone on a UTC day) with its date; members'
// attempts are recorded, guests are invited to sign up (client/README.md: Puzzles).
import { Link } from 'react-router';
import { useAppSelector } from '../../../state/store-hooks';
import { selectIsSignedIn } from '../../../state/auth-slice';
import { selectDailyPuzzle } from '../../../state/puzzles/standing-slice';
import { DailyTrainer } from '../components/DailyTrainer';
import { GuestInvitation } from '../components/GuestInvitation';
import { puzzleDay } from '../format';
import '../puzzles.css';

export function DailyPuzzlePage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const daily = useAppSelector(selectDailyPuzzle).data;
  return (
    <div className="page puzzles">
      <h1 className="page__title">Daily puzzle</h1>
      <p className="puzzles__lede">{daily ? <time dateTime={daily.day}>{puzzleDay(daily.day)}</time> : '\u00a0'}</p>
      <div className="puzzles__layout">
        <div className="puzzles__main">
          <DailyTrainer signedIn={signedIn} moreLink />
        </div>
        <aside className="puzzles__side">
          {signedIn ? (
            <section className="puzzle-side__block" aria-labelledby="daily-more-title">
              <h2 id="daily-more-title" className="puzzle-side__title">
                More puzzles
              </h2>
              <p>Rated puzzles near your rating, by theme, with your streak and review.</p>
              <Link className="button button--secondary" to="/puzzles">
                Go to puzzles
              </Link>
            </section>
          ) : (
            <GuestInvitation />
          )}
        </aside>
      </div>
    </div>
  );
}

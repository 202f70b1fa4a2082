// /puzzles: the trainer. A member plays rated puzzles near their rating (of a theme when one is
// chosen, or the review's), with their rating, streak, chart, review queue and day's allowance
// beside the board; a guest plays the day's puzzle and is invited to sign up
// (client/README.md: Puzzles).
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/Status';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { selectIsSignedIn, selectNeedsUpgrade } from '../../../state/auth-slice';
import { selectPuzzleStanding, standingRequested } from '../../../state/puzzles/standing-slice';
import { DailyTrainer } from '../components/DailyTrainer';
import { GuestInvitation } from '../components/GuestInvitation';
import { ProOffer } from '../components/ProOffer';
import { DashboardPanel } from '../components/DashboardPanel';
import { BoardPlaceholder, PuzzleBoard } from '../components/PuzzleBoard';
import { PuzzleResult } from '../components/PuzzleResult';
import {
  AllowanceLine,
  puzzlesDueNow,
  RatingBlock,
  ReviewBlock,
  StandingPlaceholder,
  StandingStrip,
} from '../components/StandingPanel';
import { ThemePicker } from '../components/ThemePicker';
import {
  attemptRetried,
  nextPuzzleRequested,
  puzzleFinished,
  selectPuzzles,
  themesRequested,
} from '../../../state/puzzles/slice';
import '../puzzles.css';

const THEME = /^[A-Za-z0-9_]{1,40}$/;

export function PuzzlesPage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  return signedIn ? <MemberPuzzles /> : <GuestPuzzles />;
}

function GuestPuzzles() {
  return (
    <div className="page puzzles">
      <h1 className="page__title">Puzzles</h1>
      <p className="puzzles__lede">The daily puzzle, free for everyone. Find the best move!</p>
      <div className="puzzles__layout">
        <div className="puzzles__main">
          <DailyTrainer signedIn={false} />
        </div>
        <aside className="puzzles__side">
          <GuestInvitation />
        </aside>
      </div>
    </div>
  );
}

function MemberPuzzles() {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('theme');
  const theme = asked && THEME.test(asked) ? asked : null;
  // "Train my weak themes" (the dashboard's): mostly the weak themes, some of the others.
  const mix = !theme && search.get('mix') === 'weak' ? 'weak' : null;
  const { puzzle, status, failure, attempt, themes, ask } = useAppSelector(selectPuzzles);
  const standing = useAppSelector(selectPuzzleStanding).data;
  const free = useAppSelector(selectNeedsUpgrade);

  useEffect(() => {
    dispatch(standingRequested());
  }, [dispatch]);
  useEffect(() => {
    if (themes.status === 'idle') dispatch(themesRequested());
  }, [dispatch, themes.status]);
  useEffect(() => {
    dispatch(nextPuzzleRequested({ theme, review: false, mix }));
  }, [dispatch, theme, mix]);

  const next = () => dispatch(nextPuzzleRequested({ theme, review: false, mix }));
  const review = () => dispatch(nextPuzzleRequested({ theme: null, review: true }));
  const chooseTheme = (chosen: string | null) => setSearch(chosen ? { theme: chosen } : {});
  // From the dashboard, below the board: back up to the board for the training asked.
  const train = (query: Record<string, string>) => {
    setSearch(query);
    document.querySelector('.puzzles__main')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const themeName = theme ? (themes.data?.find((each) => each.theme === theme)?.name ?? theme) : null;
  const dueNow = puzzlesDueNow(standing);
  // The next puzzle waits for this one's attempt: until it is recorded the BFF would give it again.
  const recording = attempt?.puzzleId === puzzle?.id && attempt?.status === 'loading';

  let main;
  if (status === 'failed' && failure?.kind === 'spent') {
    main = <ProOffer availableAt={failure.availableAt} perDay={standing?.allowance.per_day ?? null} />;
  } else if (status === 'failed' && failure?.kind === 'waiting') {
    main = (
      <EmptyState
        message="Five puzzles you were given are waiting: play them before another theme."
        action={{ label: 'Play them', onClick: () => (theme ? chooseTheme(null) : next()) }}
      />
    );
  } else if (status === 'failed' && failure?.kind === 'none') {
    main = ask.review ? (
      <EmptyState message="Nothing to review right now." action={{ label: 'Next puzzle', onClick: next }} />
    ) : mix ? (
      <EmptyState
        message="You have played every puzzle of your themes we have. Choose another theme."
        action={{ label: 'Any theme', onClick: () => chooseTheme(null) }}
      />
    ) : theme ? (
      <EmptyState
        message={`You have played every ${themeName} puzzle we have. Choose another theme.`}
        action={{ label: 'Any theme', onClick: () => chooseTheme(null) }}
      />
    ) : (
      <EmptyState message="You have played every puzzle we have. More are on their way." />
    );
  } else if (status === 'failed') {
    main = (
      <ErrorState
        message="Something went wrong fetching the puzzle."
        onRetry={() => dispatch(nextPuzzleRequested(ask))}
      />
    );
  } else if (!puzzle) {
    main = <BoardPlaceholder label="Loading the next puzzle…" />;
  } else {
    main = (
      <>
        <p className="puzzles__mode">
          {ask.review
            ? 'Review: a puzzle you missed'
            : ask.mix
              ? `Your weak themes${puzzle.training ? `: ${puzzle.training.name}${puzzle.training.weak ? '' : ' (for a change)'}` : ''}`
              : themeName
                ? `Theme: ${themeName}`
                : 'Near your rating'}
        </p>
        <PuzzleBoard
          puzzle={puzzle}
          onFinish={(finish) => dispatch(puzzleFinished({ puzzleId: puzzle.id, ...finish }))}
          actions={
            <>
              <button type="button" className="button" onClick={next} disabled={recording}>
                Next puzzle
              </button>
              {dueNow > 0 && (
                <button type="button" className="button button--secondary" onClick={review} disabled={recording}>
                  Review ({dueNow})
                </button>
              )}
            </>
          }
        >
          <PuzzleResult puzzle={puzzle} attempt={attempt} onRetry={() => dispatch(attemptRetried())} />
        </PuzzleBoard>
      </>
    );
  }

  return (
    <div className="page puzzles">
      <h1 className="page__title">Puzzles</h1>
      {standing ? <StandingStrip standing={standing} /> : <StandingPlaceholder allowance={free} />}
      {standing && <AllowanceLine standing={standing} />}
      <div className="puzzles__layout">
        <div className="puzzles__main">{main}</div>
        <aside className="puzzles__side" aria-label="Your puzzles">
          <ThemePicker themes={themes.data ?? []} value={theme} onChange={chooseTheme} />
          <section className="puzzle-side__block" aria-labelledby="puzzle-run-entry-title">
            <h2 id="puzzle-run-entry-title" className="puzzle-side__title">
              Timed run
            </h2>
            <p className="muted">As many as you can in 3 minutes, or a streak until your first mistake. Not rated.</p>
            <Link className="button button--secondary" to="/puzzles/run">
              Play a run
            </Link>
          </section>
          {standing && <ReviewBlock standing={standing} onReview={review} reviewing={recording} />}
          {standing && <RatingBlock standing={standing} />}
        </aside>
      </div>
      <DashboardPanel onTrainTheme={(chosen) => train({ theme: chosen })} onTrainWeak={() => train({ mix: 'weak' })} />
    </div>
  );
}

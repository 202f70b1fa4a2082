// The day's puzzle on the board, for guests (unrated: nothing is sent) and members (their attempt
// is recorded, rated the first time they play it). A member who played it today finds it as they
// left it, after a reload too: at the line's end, "Solved." (or the solution, when missed).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/Status';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { dailyPlayed, dailyRequested, selectDailyPuzzle } from '../../../state/puzzles/standing-slice';
import { attemptRetried, puzzleFinished, selectPuzzles } from '../../../state/puzzles/slice';
import { BoardPlaceholder, PuzzleBoard } from './PuzzleBoard';
import { PuzzleResult } from './PuzzleResult';

export function DailyTrainer({ signedIn, moreLink = false }: { signedIn: boolean; moreLink?: boolean }) {
  const dispatch = useAppDispatch();
  const daily = useAppSelector(selectDailyPuzzle);
  const { attempt } = useAppSelector(selectPuzzles);
  const [guestFinished, setGuestFinished] = useState<string | null>(null);

  useEffect(() => {
    dispatch(dailyRequested());
  }, [dispatch]);
  // Recorded: home's card and a later visit show it played (the BFF says so too when asked again).
  const outcome = attempt?.outcome ?? null;
  useEffect(() => {
    if (signedIn && outcome) dispatch(dailyPlayed(outcome));
  }, [dispatch, signedIn, outcome]);

  const puzzle = daily.data;
  if (!puzzle && daily.status === 'failed') {
    return (
      <ErrorState message="Something went wrong fetching the puzzle." onRetry={() => dispatch(dailyRequested())} />
    );
  }
  if (!puzzle) return <BoardPlaceholder label="Loading the daily puzzle…" />;
  const recording = signedIn && attempt?.puzzleId === puzzle.id && attempt.status === 'loading';
  // Played in an earlier visit (this visit's attempt shows on the board as it was played).
  const playedBefore = signedIn && puzzle.played && attempt?.puzzleId !== puzzle.id;
  return (
    <PuzzleBoard
      puzzle={puzzle}
      ended={playedBefore ? (puzzle.solved ? 'solved' : 'failed') : undefined}
      onFinish={(finish) => {
        if (signedIn) dispatch(puzzleFinished({ puzzleId: puzzle.id, ...finish }));
        else setGuestFinished(puzzle.id);
      }}
      actions={
        moreLink && signedIn && !recording ? (
          <Link className="button" to="/puzzles">
            More puzzles
          </Link>
        ) : null
      }
    >
      <PuzzleResult
        puzzle={puzzle}
        attempt={signedIn ? attempt : null}
        guest={!signedIn && guestFinished === puzzle.id}
        onRetry={() => dispatch(attemptRetried())}
      />
    </PuzzleBoard>
  );
}

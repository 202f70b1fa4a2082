// /review (members): one review for everything the member failed, gave up or drills
// (docs/learning-and-puzzles.md, Review). It says what is due now by kind, or when the next
// comes; "Start review" plays the due items one after another from /content/review/next on the
// boards of the rest of the site (a puzzle as on /puzzles, an exercise or a drill line with its
// comments), each with where it comes from and a Next once it is played, until "All done".
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PuzzleAttemptBody, PuzzleOutcome, ReviewNext, ReviewSummary } from '../../../api/contract';
import { api } from '../../../api/endpoints';
import { ApiError } from '../../../api/client';
import { ErrorState, Loading } from '../../../components/Status';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { redirectAfterLoginChosen, selectIsSignedIn } from '../../../state/auth-slice';
import { exerciseAttempted } from '../../../state/learning-slice';
import { writeKept } from '../../../state/write-queue-saga';
import { unanswered } from '../../../lib/write-queue';
import { modalOpened } from '../../../state/modal-slice';
import { BoardPlaceholder, ExerciseBoard, PuzzleBoard } from '../../../components/review/ReviewBoards';
import { lineAsExercise, sideToMove } from '../../../components/review/drill-exercise';
import { dueInWords, itemLabel, nextDueInWords, placeLink } from '../../../components/review/review-words';
import { useReviewSummary } from '../../../components/review/use-review';
import '../../../components/review/review.css';

export const GUEST_TEXT =
  'Your review brings back the puzzles and exercises you missed and the lines you drill, when it is time to play them again. Log in to see yours.';
/** A drill line's moves before its own start from the usual first position (its drill's start). */
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** How often Next asks again while the item just played is still served (its report on its way). */
const SAME_ITEM_RETRIES = 5;
const SAME_ITEM_PAUSE_MS = 400;

export function ReviewPage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
    <div className="page review">
      <h1 className="page__title">Review</h1>
      {signedIn ? <MemberReview /> : <GuestReview />}
    </div>
  );
}

function GuestReview() {
  const dispatch = useAppDispatch();
  const logIn = () => {
    dispatch(redirectAfterLoginChosen('/review'));
    dispatch(modalOpened('login'));
  };
  return (
    <div className="list-state" role="status">
      <p className="list-state__message">{GUEST_TEXT}</p>
      <button type="button" className="button" onClick={logIn}>
        Log in
      </button>
    </div>
  );
}

/** What is due, or when the next comes. */
export function SummaryText({ summary }: { summary: ReviewSummary }) {
  if (summary.due_now > 0) {
    return (
      <p className="review__due">
        <strong>{summary.due_now} to review:</strong> {dueInWords(summary.kinds)}
      </p>
    );
  }
  return (
    <p className="review__due">
      Nothing to review now.
      {summary.next_due
        ? ` Next: ${nextDueInWords(summary.next_due)}.`
        : ' The puzzles and exercises you miss, and the lines you drill, come back here.'}
    </p>
  );
}

type Round =
  | { status: 'loading'; item: ReviewNext | null }
  | { status: 'playing'; item: ReviewNext; played: boolean }
  | { status: 'done' }
  | { status: 'failed' };

function MemberReview() {
  const summary = useReviewSummary(true);
  const [round, setRound] = useState<Round | null>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const { reload } = summary;
  /** The next due item; the one just played again means its report is on its way: ask again. */
  const next = useCallback(
    async (previous: ReviewNext | null) => {
      setRound({ status: 'loading', item: previous });
      for (let tries = 0; ; tries += 1) {
        try {
          const item = await api.reviewNext();
          if (!live.current) return;
          const same = previous && item.kind === previous.kind && item.id === previous.id;
          if (same && tries < SAME_ITEM_RETRIES) {
            await new Promise((resolve) => setTimeout(resolve, SAME_ITEM_PAUSE_MS));
            continue;
          }
          setRound({ status: 'playing', item, played: false });
        } catch (error) {
          if (!live.current) return;
          if (error instanceof ApiError && error.status === 404) {
            setRound({ status: 'done' });
            reload();
          } else {
            console.warn('Review item not loaded', error);
            setRound({ status: 'failed' });
          }
        }
        return;
      }
    },
    [reload],
  );

  if (round === null) {
    if (summary.status === 'failed') {
      return <ErrorState message="Something went wrong fetching your review." onRetry={summary.reload} />;
    }
    if (!summary.data) return <Loading label="Loading your review…" />;
    return (
      <section className="review__summary" aria-label="Due for review">
        <SummaryText summary={summary.data} />
        {summary.data.due_now > 0 && (
          <button type="button" className="button" onClick={() => void next(null)}>
            Start review
          </button>
        )}
      </section>
    );
  }
  if (round.status === 'done') {
    return (
      <section className="review__summary" aria-label="Review done">
        <p className="review__done" role="status">
          All done
        </p>
        {summary.data && summary.data.due_now === 0 && <SummaryText summary={summary.data} />}
        <p>
          <Link to="/puzzles">Play more puzzles</Link> or <Link to="/programs">go on with a program</Link>.
        </p>
      </section>
    );
  }
  if (round.status === 'failed') {
    return <ErrorState message="Something went wrong fetching the next item." onRetry={() => void next(null)} />;
  }
  if (round.status === 'loading') return <BoardPlaceholder label="Loading the next item…" />;
  return (
    <ReviewRound
      item={round.item}
      played={round.played}
      onPlayed={() => setRound({ ...round, played: true })}
      onNext={() => void next(round.item)}
    />
  );
}

/** Where the item comes from: its lesson or program chapter (a link), or the puzzles. */
function Place({ item }: { item: ReviewNext }) {
  if (item.kind === 'puzzle') {
    return (
      <p className="review__place">
        From <Link to="/puzzles">your puzzles</Link>
      </p>
    );
  }
  const to = placeLink(item);
  // A program part's title often starts with its chapter's ("The main line: part 2"): said once.
  const { title: own, subtitle } = item.place ?? {};
  const title =
    (own && subtitle && own.includes(subtitle) ? own : [own, subtitle].filter(Boolean).join(' · ')) || 'its lesson';
  return <p className="review__place">From {to ? <Link to={to}>{title}</Link> : title}</p>;
}

/** An attempt's id, made once, so that sending it again (Retry) records nothing twice. */
function newAttemptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Recording = { status: 'sending' | 'failed'; body: PuzzleAttemptBody } | { status: 'done'; outcome: PuzzleOutcome };

/** What the attempt did to the member's rating, once recorded (an unrated attempt: nothing). */
function ratingWords(outcome: PuzzleOutcome): string | null {
  if (!outcome.rated) return null;
  const { after, change } = outcome.rating;
  return `Your rating ${Math.round(after)} (${change >= 0 ? '+' : '−'}${Math.abs(Math.round(change))})`;
}

function ReviewRound({
  item,
  played,
  onPlayed,
  onNext,
}: {
  item: ReviewNext;
  played: boolean;
  onPlayed: () => void;
  onNext: () => void;
}) {
  const dispatch = useAppDispatch();
  // A puzzle's attempt goes as on /puzzles (POST .../attempts); Next waits for it, as until it
  // is recorded the BFF would serve the puzzle again.
  const [recording, setRecording] = useState<Recording | null>(null);
  const send = (puzzleId: string, body: PuzzleAttemptBody) => {
    setRecording({ status: 'sending', body });
    api.puzzleAttempt(puzzleId, body).then(
      (outcome) => setRecording({ status: 'done', outcome }),
      (error: unknown) => {
        // No answer (offline): kept on this device and sent later, as every member's write.
        if (unanswered(error)) {
          dispatch(writeKept({ kind: 'puzzle', target: [puzzleId], body }));
          setRecording(null);
          return;
        }
        console.warn('Puzzle attempt not recorded', error);
        setRecording({ status: 'failed', body });
      },
    );
  };
  const nextButton = (disabled = false) =>
    played && (
      <button type="button" className="button" onClick={onNext} disabled={disabled}>
        Next
      </button>
    );

  let board = null;
  if (item.kind === 'puzzle' && item.puzzle) {
    const puzzle = item.puzzle;
    const rating = recording?.status === 'done' ? ratingWords(recording.outcome) : null;
    board = (
      <PuzzleBoard
        puzzle={puzzle}
        onFinish={({ moves, solved, seconds }) => {
          send(puzzle.id, { attempt_id: newAttemptId(), moves, solved, seconds });
          onPlayed();
        }}
        actions={nextButton(recording?.status === 'sending')}
      >
        {rating && <p className="muted">{rating}</p>}
        {recording?.status === 'failed' && (
          <p className="error-message" role="alert">
            Your attempt was not recorded.{' '}
            <button type="button" className="control-button" onClick={() => send(puzzle.id, recording.body)}>
              Retry
            </button>
          </p>
        )}
      </PuzzleBoard>
    );
  } else {
    const exercise =
      item.kind === 'line' && item.line ? lineAsExercise(item.line, sideToMove(item.line.fen)) : item.exercise;
    if (exercise) {
      board = (
        <>
          <ExerciseBoard
            exercise={exercise}
            before={item.kind === 'line' && item.line ? { fen: START, moves: item.line.before } : null}
            onAttempt={(attempt) => {
              dispatch(exerciseAttempted(attempt));
              onPlayed();
            }}
          />
          {played && <div className="review__next">{nextButton()}</div>}
        </>
      );
    }
  }
  return (
    <section className="review__round" aria-label="Review">
      <p className="review__label">{itemLabel(item)}</p>
      <Place item={item} />
      {board ?? <p className="muted">This item cannot be played here.</p>}
      {!board && (
        <button type="button" className="button" onClick={onNext}>
          Next
        </button>
      )}
    </section>
  );
}

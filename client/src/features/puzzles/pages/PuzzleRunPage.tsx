// /puzzles/run: puzzle runs, as Lichess's Puzzle Storm and Streak. The member chooses three
// minutes (each solved puzzle adds three seconds, three mistakes end it) or a streak (no clock,
// the first mistake ends it); the server serves the puzzles rising in difficulty and checks every
// move, the page shows the clock (set by the server's), the score and the mistakes. At the end:
// the score, the member's best, and the missed puzzles to replay, unrated, on the puzzle trainer.
// Runs are not rated. A free member has one run a day.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { ErrorState, Loading } from '../../../components/Status';
import { useAppSelector } from '../../../state/store-hooks';
import { selectIsSignedIn } from '../../../state/auth-slice';
import { BoardPlaceholder, PuzzleBoard } from '../components/PuzzleBoard';
import { availableWhen } from '../format';
import { type PuzzleRun, type RunMode, type RunOutcome, runApi, type RunsBest } from '../run-api';
import { newAttemptId } from '../../../state/puzzles/slice';
import '../puzzles.css';
import './puzzle-run.css';

const RunBoard = lazy(async () => ({
  default: (await import(/* webpackChunkName: "board" */ '../components/RunBoard')).RunBoard,
}));

/** How long a verdict shows before the next puzzle, in ms. */
export const VERDICT_MS = 700;
/** After the clock shows zero, how long before the run is read again (answers on their way land). */
const TIME_OUT_READ_MS = 1200;

type Screen =
  | { kind: 'choose' }
  | { kind: 'starting'; mode: RunMode }
  | { kind: 'playing' }
  | { kind: 'ended' }
  | { kind: 'replay'; index: number }
  | { kind: 'spent'; availableAt: string | null }
  | { kind: 'failed'; offline: boolean; retry: () => void };

const MODE_NAMES: Record<RunMode, string> = { timed: '3 minutes', streak: 'Streak' };

export function PuzzleRunPage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  if (!signedIn) {
    return (
      <div className="page puzzles puzzle-run">
        <h1 className="page__title">Puzzle runs</h1>
        <p className="puzzles__lede">
          Solve as many puzzles as you can in three minutes, or in a row without a mistake.{' '}
          <Link to="/login">Sign in</Link> or <Link to="/register">sign up free</Link> to play a run a day.
        </p>
      </div>
    );
  }
  return <MemberRuns />;
}

function failureOf(error: unknown, retry: () => void): Screen {
  const offline = error instanceof ApiError ? error.offline : typeof navigator !== 'undefined' && !navigator.onLine;
  return { kind: 'failed', offline, retry };
}

function MemberRuns() {
  const [screen, setScreen] = useState<Screen>({ kind: 'choose' });
  const [run, setRunState] = useState<PuzzleRun | null>(null);
  const [offset, setOffset] = useState(0);
  // The clock is set by the server's time each time the run is read (never judged here).
  const setRun = useCallback((read: PuzzleRun | null) => {
    setRunState(read);
    if (read) setOffset(Date.parse(read.now) - Date.now());
  }, []);
  const [best, setBest] = useState<RunsBest | null>(null);
  const [flash, setFlash] = useState<{ text: string; tone: 'right' | 'wrong' } | null>(null);
  const [answerFailed, setAnswerFailed] = useState<{ offline: boolean; retry: () => void } | null>(null);
  const pending = useRef<PuzzleRun | null>(null);

  const readBest = useCallback(() => {
    runApi.best().then(setBest, () => setBest(null));
  }, []);
  useEffect(readBest, [readBest]);

  const start = (mode: RunMode) => {
    setScreen({ kind: 'starting', mode });
    runApi.start(mode).then(
      (started) => {
        setRun(started);
        setScreen(started.over ? { kind: 'ended' } : { kind: 'playing' });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'puzzle_run_allowance_spent') {
          const at = error.body.available_at;
          setScreen({ kind: 'spent', availableAt: typeof at === 'string' ? at : null });
        } else {
          setScreen(failureOf(error, () => start(mode)));
        }
      },
    );
  };

  const ended = useCallback(
    (last: PuzzleRun) => {
      setRun(last);
      setScreen({ kind: 'ended' });
      readBest();
    },
    [readBest, setRun],
  );

  // The clock is out on this device: read the run (the server's clock decides; answers on their
  // way land first).
  const timeUp = useCallback(() => {
    if (!run) return;
    const id = run.id;
    setTimeout(() => {
      runApi.get(id).then(
        (read) => (read.over ? ended(read) : setRun(read)),
        (error: unknown) => setScreen(failureOf(error, () => ended(run))),
      );
    }, TIME_OUT_READ_MS);
  }, [run, ended, setRun]);

  const decided = (outcome: RunOutcome) => {
    setFlash(outcome.verdict === 'solved' ? { text: 'Solved!', tone: 'right' } : { text: 'Missed', tone: 'wrong' });
    pending.current = outcome.run;
    setOffset(Date.parse(outcome.run.now) - Date.now());
    setTimeout(() => {
      setFlash(null);
      const next = pending.current;
      if (!next) return;
      if (next.over || next.puzzles.length === 0) ended(next);
      else setRun(next);
    }, VERDICT_MS);
  };

  let main;
  if (screen.kind === 'choose') {
    main = <ChooseMode best={best} onStart={start} />;
  } else if (screen.kind === 'starting') {
    main = <Loading label={`Starting your ${MODE_NAMES[screen.mode]} run…`} />;
  } else if (screen.kind === 'spent') {
    main = (
      <section className="puzzle-offer" aria-labelledby="run-offer-title">
        <h2 id="run-offer-title" className="puzzle-offer__title">
          That's your free run for today
        </h2>
        <p>
          Your next free run {screen.availableAt ? availableWhen(screen.availableAt) : 'tomorrow'} (your time). Pro
          members play as many runs as they like.
        </p>
        <Link className="button" to="/upgrade-account">
          Go Pro for unlimited runs
        </Link>
      </section>
    );
  } else if (screen.kind === 'failed') {
    main = (
      <ErrorState
        message={
          screen.offline
            ? 'You are offline. Runs are checked by our server: connect and try again.'
            : 'Something went wrong. Please try again.'
        }
        onRetry={() => {
          const retry = screen.retry;
          setScreen(run && !run.over ? { kind: 'playing' } : { kind: 'choose' });
          retry();
        }}
      />
    );
  } else if (screen.kind === 'ended' && run) {
    main = (
      <RunEnd
        run={run}
        onReplay={() => setScreen({ kind: 'replay', index: 0 })}
        onAgain={() => {
          setRun(null);
          setScreen({ kind: 'choose' });
        }}
      />
    );
  } else if (screen.kind === 'replay' && run) {
    main = (
      <MissReplay
        run={run}
        index={screen.index}
        onNext={() =>
          setScreen(
            screen.index + 1 < run.missed.length ? { kind: 'replay', index: screen.index + 1 } : { kind: 'ended' },
          )
        }
      />
    );
  } else if (run) {
    const puzzle = run.puzzles[0];
    main = (
      <>
        <RunHud run={run} offset={offset} onTimeUp={timeUp} />
        <div className="puzzle-run__board">
          {puzzle ? (
            <Suspense fallback={<BoardPlaceholder label="Setting up the board…" />}>
              <RunBoard
                key={puzzle.id}
                puzzle={puzzle}
                answer={(moves) => runApi.answer(run.id, { answer_id: newAttemptId(), puzzle_id: puzzle.id, moves })}
                onDecided={decided}
                onFailed={(error, retry) => {
                  const failed = failureOf(error, retry);
                  if (failed.kind === 'failed') setAnswerFailed({ offline: failed.offline, retry });
                }}
              />
            </Suspense>
          ) : (
            <BoardPlaceholder label="Waiting for the next puzzle…" />
          )}
          {answerFailed && (
            <ErrorState
              message={
                answerFailed.offline
                  ? 'You are offline: your move is not sent yet. Connect and try again.'
                  : 'Your move could not be sent. Try again.'
              }
              onRetry={() => {
                setAnswerFailed(null);
                answerFailed.retry();
              }}
            />
          )}
          {flash && (
            <p className={`puzzle-run__flash puzzle-run__flash--${flash.tone}`} role="status">
              {flash.text}
            </p>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="page puzzles puzzle-run">
      <h1 className="page__title">Puzzle runs</h1>
      {main}
    </div>
  );
}

function ChooseMode({ best, onStart }: { best: RunsBest | null; onStart: (mode: RunMode) => void }) {
  return (
    <section className="puzzle-run__choose" aria-labelledby="run-choose-title">
      <h2 id="run-choose-title" className="puzzle-run__subtitle">
        Choose a run
      </h2>
      <p className="puzzles__lede">Puzzles get harder as you go. Runs are not rated: play fast, your rating is safe.</p>
      <ul className="puzzle-run__modes">
        <li>
          <button type="button" className="button puzzle-run__mode" onClick={() => onStart('timed')}>
            <strong>3 minutes</strong>
            <span>+3 seconds a solved puzzle, three mistakes end it</span>
          </button>
          <BestLine label="3 minutes" best={best?.timed} />
        </li>
        <li>
          <button type="button" className="button puzzle-run__mode" onClick={() => onStart('streak')}>
            <strong>Streak</strong>
            <span>No clock: one mistake ends it</span>
          </button>
          <BestLine label="Streak" best={best?.streak} />
        </li>
      </ul>
    </section>
  );
}

function BestLine({ label, best }: { label: string; best: RunsBest['timed'] | undefined }) {
  if (!best || best.all_time === null) return null;
  return (
    <p className="puzzle-run__best" aria-label={`${label} best`}>
      Best today {best.today ?? '–'} · all time {best.all_time}
    </p>
  );
}

/** Seconds left on a timed run's clock; `offset` is the server's time less this device's. */
function useSecondsLeft(run: PuzzleRun, offset: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!run.ends_at) return undefined;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [run.ends_at]);
  if (!run.ends_at) return null;
  return Math.max(0, Math.ceil((Date.parse(run.ends_at) - (now + offset)) / 1000));
}

function RunHud({ run, offset, onTimeUp }: { run: PuzzleRun; offset: number; onTimeUp: () => void }) {
  const seconds = useSecondsLeft(run, offset);
  const out = seconds === 0;
  useEffect(() => {
    if (out) onTimeUp();
    // Once, when the clock reaches zero.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [out]);
  const clock = seconds === null ? null : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <div className="puzzle-run__hud">
      {clock !== null && (
        <p className={`puzzle-run__clock${seconds !== null && seconds <= 10 ? ' puzzle-run__clock--low' : ''}`}>
          <span className="visually-hidden">Time left </span>
          <span role="timer" aria-live="off">
            {clock}
          </span>
        </p>
      )}
      <p className="puzzle-run__score" aria-live="polite">
        Score <strong>{run.score}</strong>
      </p>
      <p className="puzzle-run__mistakes" aria-label={`Mistakes ${run.mistakes} of ${run.mistakes_allowed}`}>
        {Array.from({ length: run.mistakes_allowed }, (_, index) => (
          <span
            key={index}
            className={`puzzle-run__mistake${index < run.mistakes ? ' puzzle-run__mistake--made' : ''}`}
            aria-hidden="true"
          />
        ))}
      </p>
    </div>
  );
}

function RunEnd({ run, onReplay, onAgain }: { run: PuzzleRun; onReplay: () => void; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const newBest = run.best.all_time !== null && run.score >= run.best.all_time && run.score > 0;
  return (
    <section className="puzzle-run__end" aria-labelledby="run-end-title">
      <h2 id="run-end-title" className="puzzle-run__subtitle" tabIndex={-1} ref={heading}>
        Run over: {run.score} solved
      </h2>
      <dl className="puzzle-run__figures">
        <div>
          <dt>Score</dt>
          <dd>{run.score}</dd>
        </div>
        <div>
          <dt>Mistakes</dt>
          <dd>{run.mistakes}</dd>
        </div>
        <div>
          <dt>Best today</dt>
          <dd>{run.best.today ?? 0}</dd>
        </div>
        <div>
          <dt>Best ever</dt>
          <dd>{run.best.all_time ?? 0}</dd>
        </div>
      </dl>
      {newBest && <p className="puzzle-run__record">A personal best!</p>}
      <p className="puzzles__lede">Runs are not rated. Missed puzzles are added to your review.</p>
      <div className="puzzle-run__actions">
        {run.missed.length > 0 && (
          <button type="button" className="button" onClick={onReplay}>
            Replay my misses ({run.missed.length})
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onAgain}>
          New run
        </button>
        <Link className="button button--secondary" to="/puzzles">
          Back to puzzles
        </Link>
      </div>
    </section>
  );
}

function MissReplay({ run, index, onNext }: { run: PuzzleRun; index: number; onNext: () => void }) {
  const puzzle = run.missed[index];
  if (!puzzle) return null;
  const last = index + 1 >= run.missed.length;
  return (
    <>
      <p className="puzzles__mode">
        Replaying your misses: {index + 1} of {run.missed.length} (not rated)
      </p>
      <PuzzleBoard
        puzzle={puzzle}
        actions={
          <button type="button" className="button" onClick={onNext}>
            {last ? 'Back to the result' : 'Next miss'}
          </button>
        }
      />
    </>
  );
}

// The trainer's calls: the next puzzle (a 403 puzzle_allowance_spent or a 404 is a state of the
// page, not a toast), a member's attempts (sent again with the same attempt id after a network
// or server failure: the BFF records an attempt id once), then the standing afresh; the themes.
import { call, delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { ApiError } from '../../api/client';
import type { NextPuzzle, PuzzleOutcome } from '../../api/contract';
import { api } from '../../api/endpoints';
import { takeNamedRequest } from '../request';
import { selectIsSignedIn } from '../auth-slice';
import { failureActions } from '../offline-slice';
import { standingRequested } from './standing-slice';
import { toastShown } from '../toast-slice';
import { keepWrite } from '../write-queue-saga';
import { unanswered } from '../../lib/write-queue';
import {
  attemptFailed,
  attemptQueued,
  attemptRecorded,
  attemptRetried,
  nextPuzzleFailed,
  nextPuzzleLoaded,
  nextPuzzleRequested,
  type PuzzleAttempt,
  puzzleFinished,
  puzzlesSlice,
  type PuzzlesState,
} from './slice';

/** The pauses before sending an attempt again, in ms: then the member is asked. */
export const ATTEMPT_RETRY_DELAYS_MS = [1000, 3000];

function* loadNext(action: ReturnType<typeof nextPuzzleRequested>) {
  const { theme, review, mix } = action.payload;
  try {
    const puzzle: NextPuzzle = yield call(api.nextPuzzle, {
      ...(theme ? { theme } : {}),
      ...(review ? { review: true } : {}),
      ...(mix ? { mix } : {}),
    });
    yield put(nextPuzzleLoaded(puzzle));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    if (error instanceof ApiError && status === 403 && error.code === 'puzzle_allowance_spent') {
      const at = error.body.available_at;
      yield put(nextPuzzleFailed({ kind: 'spent', availableAt: typeof at === 'string' ? at : null }));
      yield put(standingRequested());
    } else if (error instanceof ApiError && status === 403 && error.code === 'puzzles_waiting') {
      yield put(nextPuzzleFailed({ kind: 'waiting' }));
    } else if (status === 404) {
      yield put(nextPuzzleFailed({ kind: 'none' }));
    } else {
      console.error('Puzzle fetch failed', error);
      const failed = [
        nextPuzzleFailed({ kind: 'error' }),
        toastShown({ type: 'error', action: 'fetch', key: 'puzzle' }),
      ];
      for (const each of failureActions(error, action, failed)) yield put(each);
    }
  }
}

/** Worth sending again: no answer, a server failure or too many at once. */
const transient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === null || error.status >= 500 || error.status === 429;

function* send(attempt: Pick<PuzzleAttempt, 'puzzleId' | 'body'>) {
  const member: boolean = yield select(selectIsSignedIn);
  if (!member) return;
  for (let tries = 0; ; tries += 1) {
    try {
      const outcome: PuzzleOutcome = yield call(api.puzzleAttempt, attempt.puzzleId, attempt.body);
      yield put(attemptRecorded(outcome));
      yield put(standingRequested());
      return;
    } catch (error) {
      const pause = ATTEMPT_RETRY_DELAYS_MS[tries];
      // No answer and the browser offline (or no answer after the retries): kept on this device,
      // sent when the network is back (state/write-queue-saga.ts).
      if (unanswered(error) && ((error as ApiError).offline || pause === undefined)) {
        const kept: boolean = yield call(keepWrite, 'puzzle', [attempt.puzzleId], attempt.body);
        if (kept) {
          yield put(attemptQueued(attempt.body.attempt_id));
          return;
        }
      }
      if (pause === undefined || !transient(error)) {
        console.error('Puzzle attempt not recorded', error);
        yield put(attemptFailed(attempt.body.attempt_id));
        yield put(toastShown({ type: 'error', action: 'create', key: 'puzzleAttempt' }));
        return;
      }
      yield delay(pause);
    }
  }
}

function* finished(action: ReturnType<typeof puzzleFinished>) {
  const { puzzleId, attemptId, moves, solved, seconds } = action.payload;
  yield call(send, { puzzleId, body: { attempt_id: attemptId, moves, solved, seconds } });
}

function* retried() {
  const attempt: PuzzleAttempt | null = yield select((state: { puzzles: PuzzlesState }) => state.puzzles.attempt);
  if (attempt) yield call(send, attempt);
}

export function* puzzlesSaga() {
  yield takeLatest(nextPuzzleRequested.type, loadNext);
  yield takeEvery(puzzleFinished.type, finished);
  yield takeLatest(attemptRetried.type, retried);
  yield takeNamedRequest(puzzlesSlice.actions, 'themes', {
    what: 'Puzzle themes',
    fetch: api.puzzleThemes,
    take: 'leading',
  });
}

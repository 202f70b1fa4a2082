// The puzzle trainer (client/README.md: Puzzles): the puzzle being played and what was asked for
// (a theme, the review), why none came (the day's free puzzles spent, none left, a failure), the
// attempt at it (sent once, with the client's id, again with the same id after a failure) and
// the themes to choose from. All the puzzles' state lives in state/puzzles/, beside the standing
// and the day's puzzle that home shows as well.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NextPuzzle, PuzzleAttemptBody, PuzzleOutcome, PuzzleThemeCount } from '../../api/contract';
import { requestCases, requestState, type RequestState } from '../request';
import { loggedOut, refreshFailed, signedIn } from '../auth-slice';
import type { RequestStatus } from '../status';

/** What the member asked for: a puzzle near their rating (of a theme, or of the mix of their
 * weak themes), or the review's next. */
export interface PuzzleAsk {
  theme: string | null;
  review: boolean;
  mix?: 'weak' | null;
}

/** Why no puzzle came: the free allowance is spent (until `availableAt`), five puzzles given are
 * waiting to be played (a free member asking for another theme), none is left of that kind (404),
 * or the call failed. */
export type PuzzleFailure =
  { kind: 'spent'; availableAt: string | null } | { kind: 'waiting' } | { kind: 'none' } | { kind: 'error' };

export interface PuzzleAttempt {
  puzzleId: string;
  /** Sent as it is played: the server dates it (played_at is for attempts sent later, by the apps). */
  body: Required<Omit<PuzzleAttemptBody, 'played_at'>>;
  status: RequestStatus;
  outcome: PuzzleOutcome | null;
}

export interface PuzzlesState {
  ask: PuzzleAsk;
  puzzle: NextPuzzle | null;
  status: RequestStatus;
  failure: PuzzleFailure | null;
  attempt: PuzzleAttempt | null;
  themes: RequestState<PuzzleThemeCount[]>;
}

const initialState = (): PuzzlesState => ({
  ask: { theme: null, review: false },
  puzzle: null,
  status: 'idle',
  failure: null,
  attempt: null,
  themes: requestState<PuzzleThemeCount[]>(),
});

/** An attempt's id, made here so that sending it again (a retry) records nothing twice. */
export function newAttemptId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface PuzzleFinished {
  puzzleId: string;
  moves: string[];
  solved: boolean;
  seconds: number;
}

export const puzzlesSlice = createSlice({
  name: 'puzzles',
  initialState,
  reducers: {
    nextPuzzleRequested(state, action: PayloadAction<PuzzleAsk>) {
      state.ask = action.payload;
      state.status = 'loading';
      state.failure = null;
      state.puzzle = null;
      state.attempt = null;
    },
    nextPuzzleLoaded(state, action: PayloadAction<NextPuzzle>) {
      state.status = 'succeeded';
      state.puzzle = action.payload;
    },
    nextPuzzleFailed(state, action: PayloadAction<PuzzleFailure>) {
      state.status = 'failed';
      state.failure = action.payload;
    },
    /** A puzzle ended on the board (solved, missed or its solution asked for): the saga sends it
     * for a member. */
    puzzleFinished: {
      reducer(state, action: PayloadAction<PuzzleFinished & { attemptId: string }>) {
        const { puzzleId, attemptId, moves, solved, seconds } = action.payload;
        state.attempt = {
          puzzleId,
          body: { attempt_id: attemptId, moves, solved, seconds },
          status: 'loading',
          outcome: null,
        };
      },
      prepare: (finished: PuzzleFinished) => ({ payload: { ...finished, attemptId: newAttemptId() } }),
    },
    attemptRetried(state) {
      if (state.attempt) state.attempt.status = 'loading';
    },
    attemptRecorded(state, action: PayloadAction<PuzzleOutcome>) {
      if (state.attempt?.body.attempt_id !== action.payload.attempt_id) return;
      state.attempt.status = 'succeeded';
      state.attempt.outcome = action.payload;
    },
    attemptFailed(state, action: PayloadAction<string>) {
      if (state.attempt?.body.attempt_id === action.payload) state.attempt.status = 'failed';
    },
    /** No answer (offline): kept on this device and sent later, so nothing to retry here. */
    attemptQueued(state, action: PayloadAction<string>) {
      if (state.attempt?.body.attempt_id === action.payload) state.attempt.status = 'idle';
    },
    ...requestCases('themes', (state: PuzzlesState) => state.themes),
  },
  extraReducers: (builder) => {
    // Another viewer starts afresh: the puzzle and the attempt were the previous one's.
    const reset = (state: PuzzlesState) => ({ ...initialState(), themes: state.themes });
    builder.addCase(signedIn, reset).addCase(loggedOut, reset).addCase(refreshFailed, reset);
  },
});

export const {
  nextPuzzleRequested,
  nextPuzzleLoaded,
  nextPuzzleFailed,
  puzzleFinished,
  attemptRetried,
  attemptRecorded,
  attemptFailed,
  attemptQueued,
  themesRequested,
} = puzzlesSlice.actions;

export const selectPuzzles = (state: { puzzles: PuzzlesState }) => state.puzzles;

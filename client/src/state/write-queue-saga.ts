// Sends the writes a member made while the network was down (client/README.md, Writes kept offline):
// kept by keepWrite (lib/write-queue.ts), sent in order, one at a time, when the browser is online
// again, when the app starts with a member (their profile loads) and after a sign-in. Only the
// signed-in member's own writes go; another member on this browser never sends them.
import { createAction } from '@reduxjs/toolkit';
import { eventChannel } from 'redux-saga';
import { call, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import type {
  ExerciseAttemptBody,
  ExerciseRecord,
  PositionBody,
  PuzzleAttemptBody,
  WatchItemType,
} from '../api/contract';
import { api } from '../api/endpoints';
import {
  bodyToSend,
  type QueuedWrite,
  refusedForGood,
  type WriteKind,
  type WriteQueue,
  writeQueue,
} from '../lib/write-queue';
import { type AuthState, profileLoaded, selectIsSignedIn, signedIn } from './auth-slice';
import { exerciseRecorded } from './learning-slice';
import { toastShown } from './toast-slice';

/** A page's own write that got no answer offline (the review page's puzzle attempt): keep it. */
export const writeKept = createAction<{ kind: WriteKind; target: string[]; body: unknown }>('writes/kept');
/** Send what is queued now (also: online, profile loaded, signed in). */
export const writesSendAsked = createAction('writes/sendAsked');

const selectMemberId = (state: { auth: AuthState }): number | null =>
  selectIsSignedIn(state) ? (state.auth.user?.id ?? null) : null;

/**
 * Keeps a write that got no answer for the signed-in member, and says so (unless `quiet`: a watch
 * position, reported every few seconds). False when there is no member to keep it for, or the
 * device could not keep it: the caller reports the failure as before.
 */
export function* keepWrite(kind: WriteKind, target: string[], body: unknown, quiet = false) {
  const userId: number | null = yield select(selectMemberId);
  if (userId === null) return false;
  const queue: WriteQueue = yield call(writeQueue);
  try {
    yield call(queue.add, { userId, kind, target, body, at: new Date().toISOString() });
  } catch (error) {
    console.warn('A write could not be kept on this device', error);
    return false;
  }
  if (!quiet) yield put(toastShown({ type: 'info', action: 'sync', key: 'queued' }));
  return true;
}

function* sendOne(write: QueuedWrite) {
  const [first = '', second = ''] = write.target;
  if (write.kind === 'exercise') {
    const answer: ExerciseRecord = yield call(api.putExercise, first, write.body as ExerciseAttemptBody);
    yield put(exerciseRecorded(answer));
  } else if (write.kind === 'puzzle') {
    yield call(api.puzzleAttempt, first, write.body as PuzzleAttemptBody);
  } else {
    yield call(api.putPosition, first as WatchItemType, second, bodyToSend(write) as PositionBody);
  }
}

/** Sends the member's queued writes, oldest first; stops at the first that gets no answer. */
export function* sendWrites() {
  const userId: number | null = yield select(selectMemberId);
  if (userId === null) return;
  const queue: WriteQueue = yield call(writeQueue);
  let writes: QueuedWrite[];
  try {
    writes = yield call(queue.list, userId);
  } catch (error) {
    console.warn('Writes kept on this device could not be read', error);
    return;
  }
  for (const write of writes) {
    try {
      yield call(sendOne, write);
    } catch (error) {
      if (!refusedForGood(error)) return; // no answer, a server failure, 401, 408, 429: later
      console.warn('A write kept on this device was refused, and dropped', write, error);
    }
    yield call(queue.remove, write.key!);
  }
}

function* keepAsked(action: ReturnType<typeof writeKept>) {
  yield call(keepWrite, action.payload.kind, action.payload.target, action.payload.body);
}

function backOnline() {
  return eventChannel<true>((emit) => {
    const online = () => emit(true);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  });
}

function* askToSend() {
  yield put(writesSendAsked());
}

export function* writeQueueSaga() {
  // One run at a time, whatever asks for it: two at once would send the same write twice.
  yield takeLeading([writesSendAsked.type, profileLoaded.type, signedIn.type], sendWrites);
  yield takeEvery(writeKept.type, keepAsked);
  const channel: ReturnType<typeof backOnline> = yield call(backOnline);
  yield takeEvery(channel, askToSend);
}

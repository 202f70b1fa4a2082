// Sends a member's exercise attempts (PUT /content/exercises/{id}): a wrong move, a solve, a
// solution asked for (gave_up); a guest's stay on the board.
// A report that gets no answer (the network is down) is kept on this device and sent later
// (write-queue-saga.ts), its solve shown at once; any other failed report says so (the progress
// message of state/messages.ts): the board has judged the move already, and the next attempt
// records it again.
import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { ExerciseAttemptBody, ExerciseRecord } from '../api/contract';
import { api } from '../api/endpoints';
import { unanswered } from '../lib/write-queue';
import { selectIsSignedIn } from './auth-slice';
import { exerciseAttempted, exerciseRecorded, exerciseSolvedOffline } from './learning-slice';
import { toastShown } from './toast-slice';
import { keepWrite } from './write-queue-saga';

function* record(action: ReturnType<typeof exerciseAttempted>) {
  const member: boolean = yield select(selectIsSignedIn);
  if (!member) return;
  const { id, moves, hints, gave_up, attempt_id, solved } = action.payload;
  // gave_up: a given-up exercise is recorded as failed and comes back in review.
  const body: ExerciseAttemptBody = { moves, hints, gave_up, attempt_id };
  try {
    const answer: ExerciseRecord = yield call(api.putExercise, id, body);
    yield put(exerciseRecorded(answer));
  } catch (error) {
    if (unanswered(error)) {
      const kept: boolean = yield call(keepWrite, 'exercise', [id], body);
      if (kept) {
        if (solved) yield put(exerciseSolvedOffline(id));
        return;
      }
    }
    console.warn('Exercise attempt not recorded', error);
    yield put(toastShown({ type: 'error', action: 'update', key: 'progress' }));
  }
}

export function* learningSaga() {
  yield takeEvery(exerciseAttempted, record);
}

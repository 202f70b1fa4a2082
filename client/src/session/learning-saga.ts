// Sends a member's exercise attempts (PUT /content/exercises/{id}): a wrong move, a solve, a
// solution asked for (gave_up); a guest's stay on the board.
// A failed report says so (SPEC §8's progress message): the board has judged the move already,
// and the next attempt of the same exercise records it again.
import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { ExerciseAttemptBody, ExerciseRecord } from '../api/contract';
import { api } from '../api/endpoints';
import { selectIsSignedIn } from './auth-slice';
import { exerciseAttempted, exerciseRecorded } from './learning-slice';
import { toastShown } from './toast-slice';

function* record(action: ReturnType<typeof exerciseAttempted>) {
  const member: boolean = yield select(selectIsSignedIn);
  if (!member) return;
  const { id, moves, hints, gave_up } = action.payload;
  // gave_up: a given-up exercise is recorded as failed and comes back in review.
  const body: ExerciseAttemptBody & { gave_up?: boolean } = { moves, hints, gave_up };
  try {
    const answer: ExerciseRecord = yield call(api.putExercise, id, body);
    yield put(exerciseRecorded(answer));
  } catch (error) {
    console.warn('Exercise attempt not recorded', error);
    yield put(toastShown({ type: 'error', action: 'update', key: 'progress' }));
  }
}

export function* learningSaga() {
  yield takeEvery(exerciseAttempted, record);
}

// Sends a member's exercise attempts (PUT /content/exercises/{id}); a guest's stay on the board.
// A failed report says so (SPEC §8's progress message): the board has judged the move already,
// and the next attempt of the same exercise records it again.
import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { ExerciseRecord } from '../api/contract';
import { api } from '../api/endpoints';
import { selectIsSignedIn } from './auth-slice';
import { exerciseAttempted, exerciseRecorded } from './learning-slice';
import { toastShown } from './toast-slice';

function* record(action: ReturnType<typeof exerciseAttempted>) {
  const member: boolean = yield select(selectIsSignedIn);
  if (!member) return;
  const { id, moves, hints } = action.payload;
  try {
    const answer: ExerciseRecord = yield call(api.putExercise, id, { moves, hints });
    yield put(exerciseRecorded(answer));
  } catch (error) {
    console.warn('Exercise attempt not recorded', error);
    yield put(toastShown({ type: 'error', action: 'update', key: 'progress' }));
  }
}

export function* learningSaga() {
  yield takeEvery(exerciseAttempted, record);
}

// Sends a member's exercise attempts (PUT /content/exercises/{id}); a guest's stay on the board.
// A failed report is only logged: the board has told the learner already, and the next attempt
// of the same exercise says it again.
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { api, type ExerciseRecord } from '../api/endpoints';
import { selectIsSignedIn } from './auth-slice';
import { exerciseAttempted, exerciseRecorded } from './learning-slice';

function* record(action: ReturnType<typeof exerciseAttempted>) {
  const member: boolean = yield select(selectIsSignedIn);
  if (!member) return;
  const { id, moves, hints } = action.payload;
  try {
    const answer: ExerciseRecord = yield call(api.putExercise, id, { moves, hints });
    yield put(exerciseRecorded(answer));
  } catch (error) {
    console.warn('Exercise attempt not recorded', error);
  }
}

export function* learningSaga() {
  yield takeEvery(exerciseAttempted, record);
}

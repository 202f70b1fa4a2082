// Asks for a signed-in member's progress in the cards a list shows (GET /content/progress/cards,
// at most CARDS_PER_CALL ids of a kind a call). Silent when it fails: the cards show no bar.
import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { CardsProgress } from '../api/contract';
import { api } from '../api/endpoints';
import { selectIsSignedIn } from './auth-slice';
import { cardProgressLoaded, cardsShown, type ShownCards } from './card-progress-slice';

export const CARDS_PER_CALL = 50;

function unique(ids: number[] | undefined): number[] {
  return [...new Set(ids ?? [])];
}

function* fetchProgress({ payload }: ReturnType<typeof cardsShown>) {
  const member: boolean = yield select(selectIsSignedIn);
  if (!member) return;
  const lessons = unique(payload.lessons);
  const programs = unique(payload.programs);
  for (let start = 0; start < Math.max(lessons.length, programs.length); start += CARDS_PER_CALL) {
    const asked = {
      lessons: lessons.slice(start, start + CARDS_PER_CALL),
      programs: programs.slice(start, start + CARDS_PER_CALL),
    } satisfies ShownCards;
    try {
      const found: CardsProgress = yield call(api.cardsProgress, asked.lessons, asked.programs);
      yield put(cardProgressLoaded({ asked, found }));
    } catch {
      // Silent: the list is there without its bars, and the next visit asks again.
    }
  }
}

export function* cardProgressSaga() {
  yield takeEvery(cardsShown.type, fetchProgress);
}

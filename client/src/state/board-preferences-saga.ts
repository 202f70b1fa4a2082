// A member's board preferences (theme, pieces, sounds) follow them: loaded from the BFF when they
// sign in (and at each start of a signed-in session), saved there at each change. A guest's stay
// on this device (state/board-preferences.ts keeps them in localStorage).
import { createAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { api, type ApiAnswer } from '../api/endpoints';
import { type BoardPreferences, changeBoardPreferences, readBoardPreferences } from './board-preferences';
import { profileLoaded, selectIsSignedIn, signedIn } from './auth-slice';
import { toastShown } from './toast-slice';

/** The player changed some of their board preferences (My account, Board). */
export const boardPreferencesChosen = createAction<Partial<BoardPreferences>>('boardPreferences/chosen');

function* load() {
  const member: boolean = yield select(selectIsSignedIn);
  if (!member) return;
  try {
    const kept: ApiAnswer<'boardPreferences'> = yield call(api.boardPreferences);
    yield call(changeBoardPreferences, readBoardPreferences(kept));
  } catch {
    // This device's choice holds until the next start.
  }
}

function* choose(action: ReturnType<typeof boardPreferencesChosen>) {
  yield call(changeBoardPreferences, action.payload);
  const member: boolean = yield select(selectIsSignedIn);
  if (!member) return;
  const { boardTheme, pieceSet, sounds } = action.payload;
  try {
    yield call(api.updateBoardPreferences, {
      ...(boardTheme !== undefined && { board_theme: boardTheme }),
      ...(pieceSet !== undefined && { piece_set: pieceSet }),
      ...(sounds !== undefined && { sounds }),
    });
  } catch {
    yield put(toastShown({ type: 'error', action: 'account', key: 'boardPreferences' }));
  }
}

export function* boardPreferencesSaga() {
  yield takeLatest([signedIn.type, profileLoaded.type], load);
  yield takeEvery(boardPreferencesChosen.type, choose);
}

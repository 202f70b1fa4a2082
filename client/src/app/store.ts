// The Redux store: a static root reducer, the root saga, and the API client wired to the session.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { configureApi } from '../api/client';
import type { User } from '../api/contract';
import { loginErrorsSlice } from '../features/account/login-errors';
import { avatarUploadRequested, myAccountSlice } from '../features/account/my-account-slice';
import { accountSlice } from '../features/account/slice';
import { articlesSlice } from '../features/articles/slice';
import { footerSlice } from '../features/footer/slice';
import { grandChessTourSlice } from '../features/grand-chess-tour/slice';
import { continueSlice } from '../features/home/continue-slice';
import { homeSlice } from '../features/home/slice';
import { legalSlice } from '../features/legal/slice';
import { lessonsSlice } from '../features/lessons/slice';
import { masterclassSlice } from '../features/masterclass/slice';
import { programsSlice } from '../features/programs/slice';
import { puzzleDashboardSlice } from '../state/puzzles/dashboard-slice';
import { puzzlesSlice } from '../state/puzzles/slice';
import { searchSlice } from '../features/search/slice';
import { upgradeSlice } from '../features/upgrade/slice';
import { videosSlice } from '../features/videos/slice';
import { storage } from '../lib/storage';
import {
  authSlice,
  avatarUpdateRequested,
  initialAuthState,
  refreshFailed,
  sessionEnded,
  tokenRefreshed,
} from '../state/auth-slice';
import { cardProgressSlice } from '../state/card-progress-slice';
import { type Consent, consentSlice, initialConsentState } from '../state/consent-slice';
import { embeddedConsent } from './embedded-view';
import { learningSlice } from '../state/learning-slice';
import { listTextsSlice } from '../state/list-texts-slice';
import { plansSlice } from '../state/plans-slice';
import { modalSlice } from '../state/modal-slice';
import { offlineSlice } from '../state/offline-slice';
import { playbackSlice } from '../state/playback-slice';
import { purchaseSlice } from '../state/purchase-slice';
import { puzzleStandingSlice } from '../state/puzzles/standing-slice';
import { toastSlice } from '../state/toast-slice';
import { appSlice } from './app-slice';
import { preloadMiddleware } from './preload-middleware';
import { rootSaga } from './root-saga';

export const rootReducer = combineReducers({
  app: appSlice.reducer,
  auth: authSlice.reducer,
  modal: modalSlice.reducer,
  toasts: toastSlice.reducer,
  offline: offlineSlice.reducer,
  consent: consentSlice.reducer,
  footer: footerSlice.reducer,
  home: homeSlice.reducer,
  continueLearning: continueSlice.reducer,
  cardProgress: cardProgressSlice.reducer,
  articles: articlesSlice.reducer,
  lessons: lessonsSlice.reducer,
  masterclass: masterclassSlice.reducer,
  videos: videosSlice.reducer,
  programs: programsSlice.reducer,
  grandChessTour: grandChessTourSlice.reducer,
  legal: legalSlice.reducer,
  search: searchSlice.reducer,
  upgrade: upgradeSlice.reducer,
  listTexts: listTextsSlice.reducer,
  plans: plansSlice.reducer,
  purchase: purchaseSlice.reducer,
  playback: playbackSlice.reducer,
  learning: learningSlice.reducer,
  puzzleStanding: puzzleStandingSlice.reducer,
  puzzles: puzzlesSlice.reducer,
  puzzleDashboard: puzzleDashboardSlice.reducer,
  account: accountSlice.reducer,
  myAccount: myAccountSlice.reducer,
  loginErrors: loginErrorsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What storage brings back after a reload: the user, the guest flag and the cookie consent (an
 * embedded view's consent comes from its address instead). */
export function storedState(): Partial<RootState> {
  return {
    auth: initialAuthState(storage.readUser<User>(), storage.readGuest()),
    consent: initialConsentState(embeddedConsent(window.location.search) ?? storage.readConsent<Consent>()),
  };
}

export function makeStore(preloadedState: Partial<RootState> = storedState()) {
  const sagaMiddleware = createSagaMiddleware({
    // A saga that throws is a bug: log it once instead of losing it silently.
    onError: (error) => console.error('Unhandled error in a saga', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // Side effects belong in sagas, so thunks are left out.
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: false,
        // An avatar upload carries its file to the saga; it never reaches the state.
        serializableCheck: { ignoredActions: [avatarUpdateRequested.type, avatarUploadRequested.type] },
      }).concat(preloadMiddleware(), sagaMiddleware),
  });
  configureApi({
    getAccessToken: () => store.getState().auth.accessToken,
    isEmbedded: () => store.getState().auth.embedded,
    onTokenRefreshed: (access) => store.dispatch(tokenRefreshed(access)),
    onRefreshFailed: () => {
      // Mid-visit (a token was in use), the member is told and offered to sign in again; at
      // start-up an old session simply leaves a guest.
      if (store.getState().auth.accessToken) store.dispatch(sessionEnded());
      store.dispatch(refreshFailed());
    },
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;

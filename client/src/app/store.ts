// The Redux store: a static root reducer and the root saga on the redux-saga middleware.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { appSlice } from './app-slice';
import { rootSaga } from './root-saga';

export const rootReducer = combineReducers({
  app: appSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware({
    // A saga that throws is a bug: log it once instead of losing it silently.
    onError: (error) => console.error('Unhandled error in a saga', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // Side effects belong in sagas, so thunks are left out.
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

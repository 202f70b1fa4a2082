import { runSaga } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { appSlice, appStarted } from './app-slice';
import { rootSaga } from './root-saga';
import { makeStore, rootReducer } from './store';

describe('store', () => {
  it('has one key per slice in its root reducer', () => {
    const state = rootReducer(undefined, { type: '@@test/init' });

    expect(Object.keys(state)).toEqual(['app']);
    expect(state.app).toEqual({ status: 'starting' });
  });

  it('runs the root saga when created, which marks the app as started', () => {
    const store = makeStore();

    expect(store.getState().app.status).toBe('ready');
  });

  it('marks the app as started only through the app/started event', () => {
    expect(appStarted().type).toBe('app/started');
    expect(appSlice.reducer({ status: 'starting' }, appStarted())).toEqual({ status: 'ready' });
  });
});

describe('root saga', () => {
  it('announces app/started once feature sagas are running', async () => {
    const dispatched: Action[] = [];

    await runSaga(
      { dispatch: (action: Action) => dispatched.push(action), getState: () => ({}) },
      rootSaga,
    ).toPromise();

    expect(dispatched.map((action) => action.type)).toEqual(['app/started']);
  });
});

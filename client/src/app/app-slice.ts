// Application lifecycle: whether the root saga has started the app, and the routes entered.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type AppStatus = 'starting' | 'ready';

export interface AppState {
  status: AppStatus;
}

const initialState: AppState = { status: 'starting' };

export const appSlice = createSlice({
  name: 'app',
  initialState,
  reducers: {
    // Dispatched once by the root saga after every feature saga is listening.
    started(state) {
      state.status = 'ready';
    },
    /** The router shows a page of this path (app/route-effects.ts); preload.ts listens. */
    routeEntered(_state, _action: PayloadAction<string>) {},
  },
});

export const { started: appStarted, routeEntered } = appSlice.actions;

// Application lifecycle: whether the root saga has started the app.
import { createSlice } from '@reduxjs/toolkit';

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
  },
});

export const { started: appStarted } = appSlice.actions;

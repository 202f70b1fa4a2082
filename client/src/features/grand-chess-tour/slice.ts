// The Grand Chess Tour page content.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GrandChessTour } from '../../api/contract';
import type { RequestStatus } from '../../session/status';

export interface GrandChessTourState {
  data: GrandChessTour | null;
  status: RequestStatus;
}

const initialState: GrandChessTourState = { data: null, status: 'idle' };

export const grandChessTourSlice = createSlice({
  name: 'grandChessTour',
  initialState,
  reducers: {
    tourRequested(state) {
      state.status = 'loading';
    },
    tourLoaded(state, action: PayloadAction<GrandChessTour>) {
      state.status = 'succeeded';
      state.data = action.payload;
    },
    tourFailed(state) {
      state.status = 'failed';
    },
  },
});

export const { tourRequested, tourLoaded, tourFailed } = grandChessTourSlice.actions;
export const selectTour = (state: { grandChessTour: GrandChessTourState }) => state.grandChessTour;

// The Grand Chess Tour page content.
import { createSlice } from '@reduxjs/toolkit';
import type { GrandChessTour } from '../../api/contract';
import { requestReducers, requestState, type RequestState } from '../../lib/request';

export type GrandChessTourState = RequestState<GrandChessTour>;

const tour = requestReducers((state: GrandChessTourState) => state);

export const grandChessTourSlice = createSlice({
  name: 'grandChessTour',
  initialState: requestState<GrandChessTour>(),
  reducers: {
    tourRequested: tour.requested,
    tourLoaded: tour.loaded,
    tourFailed: tour.failed,
  },
});

export const { tourRequested, tourLoaded, tourFailed } = grandChessTourSlice.actions;
export const selectTour = (state: { grandChessTour: GrandChessTourState }) => state.grandChessTour;

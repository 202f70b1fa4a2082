// The Grand Chess Tour page content.
import type { GrandChessTour } from '../../api/contract';
import { requestSlice, type RequestState } from '../../state/request';

export type GrandChessTourState = RequestState<GrandChessTour>;

export const grandChessTourSlice = requestSlice<GrandChessTour, 'grandChessTour', 'tour'>('grandChessTour', 'tour');

export const { tourRequested, tourLoaded, tourFailed } = grandChessTourSlice.actions;
export const selectTour = (state: { grandChessTour: GrandChessTourState }) => state.grandChessTour;

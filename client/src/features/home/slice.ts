// Home page content (hub, sections, slideshow) and its request status.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HomeHub, HomeSection } from '../../api/types';
import type { RequestStatus } from '../../session/status';

export interface HomeState {
  data: HomeHub | null;
  status: RequestStatus;
}

const initialState: HomeState = { data: null, status: 'idle' };

export const homeSlice = createSlice({
  name: 'home',
  initialState,
  reducers: {
    /** The page asks for its data; the saga skips the call when it is already loaded. */
    homeRequested() {},
    homeLoadStarted(state) {
      state.status = 'loading';
    },
    homeLoaded(state, action: PayloadAction<HomeHub>) {
      state.status = 'succeeded';
      state.data = action.payload;
    },
    homeFailed(state) {
      state.status = 'failed';
    },
  },
});

export const { homeRequested, homeLoadStarted, homeLoaded, homeFailed } = homeSlice.actions;

export const selectHome = (state: { home: HomeState }) => state.home;

/** A section's items: a list, or for news the ranking's data. */
export function sectionItems<T>(section: HomeSection | undefined): T[] {
  if (!section) return [];
  if (Array.isArray(section.items)) return section.items as T[];
  return (section.items?.byRanking?.data ?? []) as T[];
}

/** Masterclass episodes link by masterclass_episode_id, or id when absent. */
export function episodeLink(item: { id: number; masterclass_episode_id?: number | null }): string {
  return `/masterclass/chapter/${item.masterclass_episode_id ?? item.id}`;
}

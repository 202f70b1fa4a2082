// Home page content (hub, sections, slideshow) and its request status.
import { createSlice } from '@reduxjs/toolkit';
import type { HomeHub, HomeSection } from '../../api/contract';
import { named, requestReducers, requestState, type RequestState } from '../../state/request';

export type HomeState = RequestState<HomeHub>;

const { requested, loaded, failed } = requestReducers((state: HomeState) => state);

export const homeSlice = createSlice({
  name: 'home',
  initialState: requestState<HomeHub>(),
  reducers: {
    /** The page asks for its data; the saga skips the call when it is already loaded. */
    homeRequested() {},
    /** The load itself: asked for by the saga when the data is missing or stale. */
    ...named('home', { loadStarted: requested, loaded, failed }),
  },
});

export const { homeRequested, homeLoadStarted, homeLoaded, homeFailed } = homeSlice.actions;

export const selectHome = (state: { home: HomeState }) => state.home;

/** A section's cards: for news the most read articles (byRanking) when there are any, else its
 * items (client/README.md: 'In the news' on home). */
export function sectionItems<T extends HomeSection['items'][number]>(section: HomeSection | undefined): T[] {
  if (!section) return [];
  const ranked = section.byRanking?.data ?? [];
  return (ranked.length > 0 ? ranked : section.items) as T[];
}

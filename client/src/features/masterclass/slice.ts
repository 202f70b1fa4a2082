// The masterclass: landing data (purchase offer, chapters with episodes) and one episode.
import { createSlice } from '@reduxjs/toolkit';
import type { Episode, EpisodeCard, Masterclass } from '../../api/contract';
import { itemCases, type ItemState, itemState, requestCases, type RequestState } from '../../state/request';

/** The landing's request, and the episode's. */
export interface MasterclassState extends RequestState<Masterclass> {
  episode: ItemState<Episode>;
}

const initialState: MasterclassState = { data: null, status: 'idle', episode: itemState() };

export const masterclassSlice = createSlice({
  name: 'masterclass',
  initialState,
  reducers: {
    ...requestCases('masterclass', (state: MasterclassState) => state),
    ...itemCases('episode', (state: MasterclassState) => state.episode),
  },
});

export const masterclassActions = masterclassSlice.actions;

export const selectMasterclass = (state: { masterclass: MasterclassState }) => state.masterclass;

/** The unlock button shows only when the purchase offer exists and is not bought yet. */
/** The masterclass is offered for sale only while it locks something for this viewer: never to
 * its buyers, nor to Pro members, who watch every episode already. */
export function showUnlock(data: Masterclass | null): boolean {
  const locksSomething = data?.chapters.some((chapter) => chapter.episodes.some((episode) => episode.locked));
  return Boolean(data?.iap && !data.iap.purchased && locksSomething);
}

const episodeKey = (item: EpisodeCard) => item.masterclass_episode_id ?? item.id;

/** 1-based position of the episode in its chapter's list (0 when it is not listed). */
export function episodeNumber(episode: Episode): number {
  return episode.chapter.findIndex((item) => episodeKey(item) === episodeKey(episode)) + 1;
}

export function otherEpisodes(episode: Episode): EpisodeCard[] {
  return episode.chapter.filter((item) => episodeKey(item) !== episodeKey(episode));
}

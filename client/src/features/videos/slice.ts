// One video (documentary or chess journey) with its related videos.
import { createSlice } from '@reduxjs/toolkit';
import type { Video } from '../../api/contract';
import { itemCases, itemState, type ItemState } from '../../state/request';

/** A locked video for sale keeps what its 403 offers. */
export type VideosState = ItemState<Video>;

export const videosSlice = createSlice({
  name: 'videos',
  initialState: itemState<Video>(),
  reducers: {
    ...itemCases('video', (state: VideosState) => state),
  },
});

export const { videoRequested, videoLoaded, videoFailed } = videosSlice.actions;
export const selectVideos = (state: { videos: VideosState }) => state.videos;

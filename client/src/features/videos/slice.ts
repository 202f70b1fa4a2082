// One video (documentary or chess journey) with its related videos.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Video } from '../../api/types';
import type { RequestStatus } from '../../session/status';

export interface VideosState {
  video: Video | null;
  status: RequestStatus;
  errorStatus: number | null;
}

const initialState: VideosState = { video: null, status: 'idle', errorStatus: null };

export const videosSlice = createSlice({
  name: 'videos',
  initialState,
  reducers: {
    videoRequested(state, _action: PayloadAction<string>) {
      state.video = null;
      state.status = 'loading';
      state.errorStatus = null;
    },
    videoLoaded(state, action: PayloadAction<Video>) {
      state.video = action.payload;
      state.status = 'succeeded';
    },
    videoFailed(state, action: PayloadAction<number | null>) {
      state.status = 'failed';
      state.errorStatus = action.payload;
    },
  },
});

export const { videoRequested, videoLoaded, videoFailed } = videosSlice.actions;
export const selectVideos = (state: { videos: VideosState }) => state.videos;

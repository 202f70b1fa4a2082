// One video (documentary or chess journey) with its related videos.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LockedOffer, Video } from '../../api/contract';
import type { RequestStatus } from '../../session/status';

export interface VideosState {
  video: Video | null;
  status: RequestStatus;
  errorStatus: number | null;
  /** A locked video for sale: what its 403 offers. */
  offer: LockedOffer | null;
}

const initialState: VideosState = { video: null, status: 'idle', errorStatus: null, offer: null };

export const videosSlice = createSlice({
  name: 'videos',
  initialState,
  reducers: {
    videoRequested(state, _action: PayloadAction<string>) {
      state.video = null;
      state.status = 'loading';
      state.errorStatus = null;
      state.offer = null;
    },
    videoLoaded(state, action: PayloadAction<Video>) {
      state.video = action.payload;
      state.status = 'succeeded';
    },
    videoFailed: {
      reducer(state, action: PayloadAction<{ status: number | null; offer: LockedOffer | null }>) {
        state.status = 'failed';
        state.errorStatus = action.payload.status;
        state.offer = action.payload.offer;
      },
      prepare: (status: number | null, offer: LockedOffer | null = null) => ({ payload: { status, offer } }),
    },
  },
});

export const { videoRequested, videoLoaded, videoFailed } = videosSlice.actions;
export const selectVideos = (state: { videos: VideosState }) => state.videos;

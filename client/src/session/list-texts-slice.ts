// The headings and introductions of the list pages (lessons, articles, programs), as editors
// wrote them (GET /cms/list-page): loaded once, by whichever of those pages opens first.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ListPage } from '../api/contract';
import type { RequestStatus } from './status';

export interface ListTextsState {
  texts: ListPage | null;
  status: RequestStatus;
}

export const initialListTextsState: ListTextsState = { texts: null, status: 'idle' };

export const listTextsSlice = createSlice({
  name: 'listTexts',
  initialState: initialListTextsState,
  reducers: {
    listTextsRequested(state) {
      state.status = 'loading';
    },
    listTextsLoaded(state, action: PayloadAction<ListPage>) {
      state.status = 'succeeded';
      state.texts = action.payload;
    },
    listTextsFailed(state) {
      state.status = 'failed';
    },
  },
});

export const { listTextsRequested, listTextsLoaded, listTextsFailed } = listTextsSlice.actions;

export const selectListTexts = (state: { listTexts: ListTextsState }) => state.listTexts;

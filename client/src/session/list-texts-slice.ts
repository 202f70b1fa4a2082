// The headings and introductions of the list pages (lessons, articles, programs), as editors
// wrote them (GET /cms/list-page): loaded once, by whichever of those pages opens first.
import { createSlice } from '@reduxjs/toolkit';
import type { ListPage } from '../api/contract';
import { requestReducers, requestState, type RequestState } from '../lib/request';

export type ListTextsState = RequestState<ListPage>;

export const initialListTextsState: ListTextsState = requestState();

const texts = requestReducers((state: ListTextsState) => state);

export const listTextsSlice = createSlice({
  name: 'listTexts',
  initialState: initialListTextsState,
  reducers: {
    listTextsRequested: texts.requested,
    listTextsLoaded: texts.loaded,
    listTextsFailed: texts.failed,
  },
});

export const { listTextsRequested, listTextsLoaded, listTextsFailed } = listTextsSlice.actions;

export const selectListTexts = (state: { listTexts: ListTextsState }) => state.listTexts;

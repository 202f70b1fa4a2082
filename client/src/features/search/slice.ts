// Site search: what was asked, what came back for it, and how the asking went.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SearchResult } from '../../api/contract';
import type { RequestStatus } from '../../state/status';

export interface SearchState {
  /** The words typed, as the address has them (?q=). */
  query: string;
  /** The results of `query` (the last answer's, kept while the next loads). */
  results: SearchResult[];
  /** The query `results` answer: the empty state names it, not what is being typed. */
  answered: string;
  status: RequestStatus;
}

const initialState: SearchState = { query: '', results: [], answered: '', status: 'idle' };

export const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    searchTyped(state, action: PayloadAction<string>) {
      state.query = action.payload;
      if (action.payload.trim() === '') {
        state.results = [];
        state.answered = '';
        state.status = 'idle';
      } else {
        state.status = 'loading';
      }
    },
    searchRetried(state) {
      state.status = 'loading';
    },
    searchLoaded(state, action: PayloadAction<{ query: string; results: SearchResult[] }>) {
      state.results = action.payload.results;
      state.answered = action.payload.query;
      state.status = 'succeeded';
    },
    searchFailed(state) {
      state.status = 'failed';
    },
  },
});

export const { searchTyped, searchRetried, searchLoaded, searchFailed } = searchSlice.actions;
export const selectSearch = (state: { search: SearchState }) => state.search;

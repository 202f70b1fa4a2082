// Legal pages (terms, privacy, ...) by slug, for their routes and the terms/privacy overlays.
import { createSlice } from '@reduxjs/toolkit';
import type { LegalPage } from '../../api/contract';
import { keyedRequestCases, type RequestState } from '../../state/request';

export interface LegalState {
  pages: Record<string, RequestState<LegalPage>>;
}

const initialState: LegalState = { pages: {} };

export const legalSlice = createSlice({
  name: 'legal',
  initialState,
  reducers: {
    ...keyedRequestCases('legalPage', (state: LegalState) => state.pages),
  },
});

export const { legalPageRequested, legalPageLoaded, legalPageFailed } = legalSlice.actions;
export const selectLegalPage = (slug: string) => (state: { legal: LegalState }) => state.legal.pages[slug];

// Legal pages (terms, privacy, ...) by slug, for their routes and the terms/privacy overlays.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LegalPage } from '../../api/contract';
import type { RequestStatus } from '../../session/status';

export interface LegalState {
  pages: Record<string, { page: LegalPage | null; status: RequestStatus }>;
}

const initialState: LegalState = { pages: {} };

export const legalSlice = createSlice({
  name: 'legal',
  initialState,
  reducers: {
    legalPageRequested(state, action: PayloadAction<string>) {
      const known = state.pages[action.payload];
      state.pages[action.payload] = { page: known?.page ?? null, status: 'loading' };
    },
    legalPageLoaded(state, action: PayloadAction<{ slug: string; page: LegalPage }>) {
      state.pages[action.payload.slug] = { page: action.payload.page, status: 'succeeded' };
    },
    legalPageFailed(state, action: PayloadAction<string>) {
      const known = state.pages[action.payload];
      state.pages[action.payload] = { page: known?.page ?? null, status: 'failed' };
    },
  },
});

export const { legalPageRequested, legalPageLoaded, legalPageFailed } = legalSlice.actions;
export const selectLegalPage = (slug: string) => (state: { legal: LegalState }) => state.legal.pages[slug];

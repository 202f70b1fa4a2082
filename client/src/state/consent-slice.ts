// Cookie consent for the two categories (statistics, media) and the banner's visibility.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface Consent {
  statistics: boolean;
  media: boolean;
}

export interface ConsentState {
  choice: Consent | null;
  bannerVisible: boolean;
}

export function initialConsentState(choice: Consent | null = null): ConsentState {
  return { choice, bannerVisible: false };
}

/** Reload when accepting for the first time or when the statistics choice changed
 * (client/README.md: How the shell works, Cookies). */
export function needsReload(previous: Consent | null, next: Consent): boolean {
  if (!previous) return next.statistics;
  return previous.statistics !== next.statistics;
}

export const consentSlice = createSlice({
  name: 'consent',
  initialState: () => initialConsentState(),
  reducers: {
    bannerShown(state) {
      if (!state.choice) state.bannerVisible = true;
    },
    /** Yes, I accept (true) or No, thanks (false): both categories at once. */
    consentChosen(_state, _action: PayloadAction<boolean>) {},
    /** The player's prompt: allow media cookies only. */
    mediaAllowed(_state) {},
    consentStored(state, action: PayloadAction<Consent>) {
      state.choice = action.payload;
      state.bannerVisible = false;
    },
  },
});

export const { bannerShown, consentChosen, mediaAllowed, consentStored } = consentSlice.actions;

type WithConsent = { consent: ConsentState };
export const selectBannerVisible = (state: WithConsent) => state.consent.bannerVisible;
/** A choice is stored (or came with an embedded view's address). */
export const selectConsentDecided = (state: WithConsent) => state.consent.choice !== null;
export const selectMediaConsent = (state: WithConsent) => Boolean(state.consent.choice?.media);

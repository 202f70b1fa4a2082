// The full-screen overlays: one modal key at a time, null closes them all.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const MODAL_KEYS = ['login', 'register', 'upgrade', 'guest', 'terms', 'privacy'] as const;
export type ModalKey = (typeof MODAL_KEYS)[number];

/** Overlays that `?open=` may open on load. */
export const OPENABLE_FROM_QUERY: readonly ModalKey[] = ['login', 'register', 'upgrade'];

/** Why a visitor is asked to become a member, so that the prompt says what they are about to
 * do: choose a plan (its name), or buy an item. */
export type GuestPurpose = { kind: 'plan'; plan: string } | { kind: 'purchase' };

export interface ModalState {
  key: ModalKey | null;
  purpose: GuestPurpose | null;
}

/** Opening the login overlay on /login does nothing: the page is already the login. */
export function canOpenModal(key: ModalKey, pathname: string): boolean {
  return !(key === 'login' && pathname === '/login');
}

/** The overlay that `?open=` asks for, if it is one the query may open. */
export function modalFromQuery(search: string): ModalKey | null {
  const wanted = new URLSearchParams(search).get('open');
  return OPENABLE_FROM_QUERY.find((key) => key === wanted) ?? null;
}

const initialModalState: ModalState = { key: null, purpose: null };

export const modalSlice = createSlice({
  name: 'modal',
  initialState: initialModalState,
  reducers: {
    modalOpened(state, action: PayloadAction<ModalKey>) {
      state.key = action.payload;
      state.purpose = null;
    },
    /** The member prompt, saying what the visitor was about to do. */
    guestPrompted(state, action: PayloadAction<GuestPurpose>) {
      state.key = 'guest';
      state.purpose = action.payload;
    },
    modalClosed(state) {
      state.key = null;
      state.purpose = null;
    },
  },
});

export const { modalOpened, guestPrompted, modalClosed } = modalSlice.actions;
export const selectModalKey = (state: { modal: ModalState }) => state.modal.key;
export const selectGuestPurpose = (state: { modal: ModalState }) => state.modal.purpose;

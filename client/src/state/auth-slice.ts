// Who the visitor is: tokens (memory only), the user (also stored), the guest flag (stored one
// hour) and whether the page is an embedded view of the apps.
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../api/contract';
import type { RequestStatus } from './status';

// Colour pairs of the levels (client/README.md: Level colours), applied to the signed-in user's
// accents.
export const LEVEL_COLORS: Record<string, [string, string]> = {
  beginner: ['#4CAF50', '#E8F5E9'],
  casual: ['#8BC34A', '#F1F8E9'],
  club: ['#00BCD4', '#E0F7FA'],
  league: ['#3F51B5', '#E8EAF6'],
  tournament: ['#9C27B0', '#F3E5F5'],
  advanced: ['#E91E63', '#FCE4EC'],
  expert: ['#FF9800', '#FFF3E0'],
  master: ['#7446FF', '#EFE9FF'],
};

export interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
  user: User | null;
  guest: boolean;
  embedded: boolean;
  colors: [string, string] | null;
  profileStatus: RequestStatus;
  profileUpdateStatus: RequestStatus;
  logoutStatus: RequestStatus;
}

/** What POST /users/profile changes: the names (JSON), or the avatar (multipart). */
export interface ProfileNames {
  firstname?: string | null;
  lastname?: string | null;
}

export function initialAuthState(user: User | null = null, guest = false): AuthState {
  return {
    accessToken: null,
    refreshToken: null,
    user,
    guest,
    embedded: false,
    colors: colorsFor(user),
    profileStatus: 'idle',
    profileUpdateStatus: 'idle',
    logoutStatus: 'idle',
  };
}

function colorsFor(user: User | null) {
  return (user?.skill_level && LEVEL_COLORS[user.skill_level]) || null;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: () => initialAuthState(),
  reducers: {
    /** The app started; an embedded view brings its own token in the query. */
    sessionStarted(state, action: PayloadAction<{ embeddedToken: string | null }>) {
      if (action.payload.embeddedToken) {
        state.embedded = true;
        state.accessToken = action.payload.embeddedToken;
      }
    },
    signedIn(state, action: PayloadAction<{ access: string; refresh?: string | null; user: User }>) {
      state.accessToken = action.payload.access;
      state.refreshToken = action.payload.refresh ?? state.refreshToken;
      state.user = action.payload.user;
      state.colors = colorsFor(action.payload.user);
      state.guest = false;
    },
    tokenRefreshed(state, action: PayloadAction<string>) {
      state.accessToken = action.payload;
      state.guest = false;
    },
    /** The session of a signed-in visit could not be refreshed (refreshFailed follows). */
    sessionEnded(_state) {},
    refreshFailed(state) {
      state.accessToken = null;
      state.refreshToken = null;
      state.user = null;
      state.colors = null;
      state.guest = true;
    },
    profileRequested(state) {
      state.profileStatus = 'loading';
    },
    profileLoaded(state, action: PayloadAction<User>) {
      state.profileStatus = 'succeeded';
      state.user = action.payload;
      state.colors = colorsFor(action.payload);
      state.guest = false;
    },
    profileFailed(state) {
      state.profileStatus = 'failed';
      state.user = null;
      state.colors = null;
    },
    profileUpdateRequested(state, _action: PayloadAction<ProfileNames>) {
      state.profileUpdateStatus = 'loading';
    },
    /** The file travels in the action (not serializable; see app/store.ts). */
    avatarUpdateRequested(state, _action: PayloadAction<Blob>) {
      state.profileUpdateStatus = 'loading';
    },
    profileUpdated(state, action: PayloadAction<ProfileNames>) {
      state.profileUpdateStatus = 'succeeded';
      if (state.user) {
        state.user.firstname = action.payload.firstname ?? null;
        state.user.lastname = action.payload.lastname ?? null;
      }
    },
    avatarUpdated(state, action: PayloadAction<string | null>) {
      state.profileUpdateStatus = 'succeeded';
      if (state.user) state.user.avatar = { src: action.payload };
    },
    profileUpdateFailed(state) {
      state.profileUpdateStatus = 'failed';
    },
    /** A registration ends guest mode even before the first sign-in (e-mail confirmation). */
    guestModeLeft(state) {
      state.guest = false;
    },
    logoutRequested(state) {
      state.logoutStatus = 'loading';
    },
    loggedOut(state) {
      state.logoutStatus = 'succeeded';
      state.accessToken = null;
      state.refreshToken = null;
      state.user = null;
      state.colors = null;
    },
  },
});

export const {
  sessionStarted,
  signedIn,
  tokenRefreshed,
  refreshFailed,
  sessionEnded,
  profileRequested,
  profileLoaded,
  profileFailed,
  profileUpdateRequested,
  avatarUpdateRequested,
  profileUpdated,
  avatarUpdated,
  profileUpdateFailed,
  guestModeLeft,
  logoutRequested,
  loggedOut,
} = authSlice.actions;

/** A visitor is sent to log in or sign up from a locked item: come back to it afterwards. */
export const redirectAfterLoginChosen = createAction<string>('auth/redirectAfterLoginChosen');

type WithAuth = { auth: AuthState };

export const selectUser = (state: WithAuth) => state.auth.user;
export const selectIsSignedIn = (state: WithAuth) => Boolean(state.auth.user) && !state.auth.guest;
export const selectIsEmbedded = (state: WithAuth) => state.auth.embedded;
export const selectLevelColors = (state: WithAuth) => state.auth.colors;

/** Free tier, no subscription, or an expired or canceled one
 * (client/README.md: Upgrade and payment, Who needs an upgrade). */
export function needsUpgrade(user: User | null): boolean {
  if (!user) return true;
  if (user.user_tier === 'free') return true;
  const status = user.subscription?.status;
  return !user.subscription || status === 'expired' || status === 'canceled';
}

export const selectNeedsUpgrade = (state: WithAuth) => needsUpgrade(state.auth.user);

// The account screens' requests: sign-in (password and social), registration with its
// availability checks, password recovery and reset, and the lists the forms offer. What the
// member manages on My account is my-account-slice.ts.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Country, SocialProviders } from '../../api/contract';
import type { RegistrationRequest } from '../../api/endpoints';
import type { RegisterType, SocialProvider } from '../../api/sign-in';
import { requestCases, requestState, type RequestState, statusOf } from '../../state/request';
import { modalOpened } from '../../state/modal-slice';
import type { RequestStatus } from '../../state/status';

export type AvailabilityField = 'username' | 'email';

/** The last availability answer for a field, and for which value. */
export interface Availability {
  value: string;
  available: boolean;
  /** Why not, in the server's words (taken, or refused by a rule such as 'Keep it clean, please'). */
  message: string | null;
}

/** What a social sign-in without an account leaves for the register page
 * (client/README.md: Account screens, Social sign-in). */
export interface SocialRegistration {
  type: SocialProvider;
  token: string;
  email: string | null;
}

export interface AccountState {
  providers: RequestState<SocialProviders>;
  countries: RequestState<Country[]>;
  loginStatus: RequestStatus;
  /** The login form's second view: Forgot your password? */
  forgotView: boolean;
  recoveryStatus: RequestStatus;
  registerStatus: RequestStatus;
  /** Messages of the server for the register form's fields (error.fields). */
  registerErrors: Record<string, string>;
  /** The e-mail address a confirmation link went to, after an e-mail registration. */
  confirmationSentTo: string | null;
  /** The stored social data of the register page's type, once checked. */
  socialRegistration: SocialRegistration | null;
  availability: Record<AvailabilityField, Availability | null>;
  resetStatus: RequestStatus;
}

export const initialAccountState: AccountState = {
  providers: requestState(),
  countries: requestState(),
  loginStatus: 'idle',
  forgotView: false,
  recoveryStatus: 'idle',
  registerStatus: 'idle',
  registerErrors: {},
  confirmationSentTo: null,
  socialRegistration: null,
  availability: { username: null, email: null },
  resetStatus: 'idle',
};

export interface LoginRequest {
  email: string;
  password: string;
  /** The `redirect` query of the screen. */
  redirect: string | null;
}

const login = statusOf<AccountState>('loginStatus');
const recovery = statusOf<AccountState>('recoveryStatus');
const reset = statusOf<AccountState>('resetStatus');

export const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    loginRequested: login<LoginRequest>('loading'),
    // The providers offered for a social sign-in (and a registration), and a sign-in with one.
    ...requestCases('socialProviders', (state: AccountState) => state.providers),
    socialSignInRequested: login<{ provider: SocialProvider; redirect: string | null }>('loading'),
    loginSucceeded: login('succeeded'),
    loginFailed: login('failed'),
    /** A provider vouched for someone without an account: on to the register page. */
    socialAccountMissing: login('idle'),
    forgotPasswordOpened(state) {
      state.forgotView = true;
      state.recoveryStatus = 'idle';
    },
    forgotPasswordClosed(state) {
      state.forgotView = false;
    },
    recoveryRequested: recovery<string>('loading'),
    recoverySucceeded(state) {
      state.recoveryStatus = 'succeeded';
      state.forgotView = false;
    },
    recoveryFailed: recovery('failed'),
    // The countries the register form offers (and the profile form's).
    ...requestCases('countries', (state: AccountState) => state.countries),
    registerPageOpened(state, _action: PayloadAction<{ type: RegisterType; redirect: string | null }>) {
      state.registerStatus = 'idle';
      state.registerErrors = {};
      state.confirmationSentTo = null;
      state.socialRegistration = null;
    },
    socialRegistrationFound(state, action: PayloadAction<SocialRegistration>) {
      state.socialRegistration = action.payload;
    },
    usernameEdited(_state, _action: PayloadAction<string>) {},
    emailEdited(_state, _action: PayloadAction<string>) {},
    availabilityChecked(state, action: PayloadAction<{ field: AvailabilityField } & Availability>) {
      const { field, value, available, message } = action.payload;
      state.availability[field] = { value, available, message };
    },
    registerFieldEdited(state, action: PayloadAction<string>) {
      delete state.registerErrors[action.payload];
    },
    registerRequested(state, _action: PayloadAction<{ form: RegistrationRequest; redirect: string | null }>) {
      state.registerStatus = 'loading';
      state.registerErrors = {};
    },
    registerSucceeded(state, action: PayloadAction<{ confirmationSentTo: string | null }>) {
      state.registerStatus = 'succeeded';
      state.confirmationSentTo = action.payload.confirmationSentTo;
    },
    registerFailed(state, action: PayloadAction<Record<string, string>>) {
      state.registerStatus = 'failed';
      state.registerErrors = action.payload;
    },
    resetRequested: reset<{ token: string; password: string; confirmation: string }>('loading'),
    resetSucceeded: reset('succeeded'),
    resetFailed: reset('failed'),
  },
  extraReducers: (builder) => {
    // Each opening of the login overlay starts on the login view.
    builder.addCase(modalOpened, (state, action) => {
      if (action.payload === 'login') state.forgotView = false;
    });
  },
});

export const {
  socialProvidersRequested,
  socialProvidersLoaded,
  socialProvidersFailed,
  countriesRequested,
  countriesLoaded,
  countriesFailed,
  loginRequested,
  socialSignInRequested,
  loginSucceeded,
  loginFailed,
  socialAccountMissing,
  forgotPasswordOpened,
  forgotPasswordClosed,
  recoveryRequested,
  recoverySucceeded,
  recoveryFailed,
  registerPageOpened,
  socialRegistrationFound,
  usernameEdited,
  emailEdited,
  availabilityChecked,
  registerFieldEdited,
  registerRequested,
  registerSucceeded,
  registerFailed,
  resetRequested,
  resetSucceeded,
  resetFailed,
} = accountSlice.actions;

type WithAccount = { account: AccountState };
export const selectAccount = (state: WithAccount) => state.account;
export const selectProviders = (state: WithAccount) => state.account.providers.data;

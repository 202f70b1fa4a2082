// The account screens' requests: sign-in (password and social), registration with its
// availability checks, password recovery and reset, the lists the forms offer, and what the
// member manages on My account (profile, avatar, newsletter, password, e-mail, membership,
// purchases, their data).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Country, MembershipState, OwnedItem, ProfileChanges, SocialProviders, User } from '../../api/contract';
import type { RegistrationRequest } from '../../api/endpoints';
import type { RegisterType, SocialProvider } from '../../lib/constants';
import { requestCases, requestState, type RequestState, statusOf } from '../../lib/request';
import { loggedOut } from '../../session/auth-slice';
import { modalOpened } from '../../session/modal-slice';
import type { RequestStatus } from '../../session/status';

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

/** A form of My account: where its request is, and the server's messages for its fields. */
export interface FormRequest {
  status: RequestStatus;
  errors: Record<string, string>;
}

const formRequest = (): FormRequest => ({ status: 'idle', errors: {} });

/** The My account page's requests. */
export interface MyAccountState {
  membership: RequestState<MembershipState>;
  purchases: RequestState<OwnedItem[]>;
  /** Whether the member's address gets the newsletter (GET /content/footer). */
  newsletter: RequestState<boolean>;
  newsletterSaving: boolean;
  profile: FormRequest;
  /** The avatar upload; its error shows under the picture. */
  avatar: FormRequest;
  password: FormRequest;
  email: FormRequest;
  /** The new address a confirmation link went to. */
  emailSentTo: string | null;
  deletion: FormRequest;
  exportStatus: RequestStatus;
  manageStatus: RequestStatus;
}

export const initialMyAccountState = (): MyAccountState => ({
  membership: requestState(),
  purchases: requestState(),
  newsletter: requestState(),
  newsletterSaving: false,
  profile: formRequest(),
  avatar: formRequest(),
  password: formRequest(),
  email: formRequest(),
  emailSentTo: null,
  deletion: formRequest(),
  exportStatus: 'idle',
  manageStatus: 'idle',
});

export type MyAccountForm = 'profile' | 'avatar' | 'password' | 'email' | 'deletion';

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
  mine: MyAccountState;
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
  mine: initialMyAccountState(),
};

export interface LoginRequest {
  email: string;
  password: string;
  /** The `redirect` query of the screen. */
  redirect: string | null;
}

function formStarted(state: AccountState, form: MyAccountForm) {
  state.mine[form] = { status: 'loading', errors: {} };
}

function formSucceeded(state: AccountState, form: MyAccountForm) {
  state.mine[form] = { status: 'succeeded', errors: {} };
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
    // My account.
    ...requestCases('membership', (state: AccountState) => state.mine.membership),
    ...requestCases('purchases', (state: AccountState) => state.mine.purchases),
    ...requestCases('newsletter', (state: AccountState) => state.mine.newsletter),
    newsletterToggled(state, _action: PayloadAction<boolean>) {
      state.mine.newsletterSaving = true;
    },
    newsletterSaved(state, action: PayloadAction<boolean>) {
      state.mine.newsletterSaving = false;
      state.mine.newsletter = { status: 'succeeded', data: action.payload };
    },
    newsletterSaveFailed(state) {
      state.mine.newsletterSaving = false;
    },
    /** A field of a My account form was edited: the server's message for it goes. */
    myAccountFieldEdited(state, action: PayloadAction<{ form: MyAccountForm; field: string }>) {
      delete state.mine[action.payload.form].errors[action.payload.field];
    },
    /** A My account form failed: the server's messages for its fields (error.fields). */
    myAccountFormFailed(state, action: PayloadAction<{ form: MyAccountForm; errors: Record<string, string> }>) {
      state.mine[action.payload.form] = { status: 'failed', errors: action.payload.errors };
    },
    profileSaveRequested(state, _action: PayloadAction<ProfileChanges>) {
      formStarted(state, 'profile');
    },
    profileSaved(state, _action: PayloadAction<User>) {
      formSucceeded(state, 'profile');
    },
    /** A square picture, cropped in the browser (not serializable; see app/store.ts). */
    avatarUploadRequested(state, _action: PayloadAction<Blob>) {
      formStarted(state, 'avatar');
    },
    /** A new picture was chosen: the last upload's outcome no longer applies. */
    avatarChosen(state) {
      state.mine.avatar = formRequest();
    },
    avatarUploaded(state) {
      formSucceeded(state, 'avatar');
    },
    passwordChangeRequested(state, _action: PayloadAction<{ current: string; password: string }>) {
      formStarted(state, 'password');
    },
    passwordChanged(state) {
      formSucceeded(state, 'password');
    },
    emailChangeRequested(state, _action: PayloadAction<{ email: string; password: string }>) {
      formStarted(state, 'email');
      state.mine.emailSentTo = null;
    },
    emailChangeSent(state, action: PayloadAction<string>) {
      formSucceeded(state, 'email');
      state.mine.emailSentTo = action.payload;
    },
    manageBillingRequested(state) {
      state.mine.manageStatus = 'loading';
    },
    manageBillingFailed(state) {
      state.mine.manageStatus = 'failed';
    },
    exportRequested(state) {
      state.mine.exportStatus = 'loading';
    },
    exportSaved(state) {
      state.mine.exportStatus = 'succeeded';
    },
    exportFailed(state) {
      state.mine.exportStatus = 'failed';
    },
    deletionRequested(state, _action: PayloadAction<string>) {
      formStarted(state, 'deletion');
    },
    accountDeleted(state) {
      formSucceeded(state, 'deletion');
    },
    /** The delete dialog opened again: it starts without the last attempt's message. */
    deletionDialogOpened(state) {
      state.mine.deletion = formRequest();
    },
    /** The page was left: its forms start afresh on the next visit (the loads stay). */
    myAccountLeft(state) {
      const { membership: kept, purchases: owned, newsletter: letter } = state.mine;
      state.mine = { ...initialMyAccountState(), membership: kept, purchases: owned, newsletter: letter };
    },
  },
  extraReducers: (builder) => {
    // Each opening of the login overlay starts on the login view.
    builder.addCase(modalOpened, (state, action) => {
      if (action.payload === 'login') state.forgotView = false;
    });
    // What My account loaded was this member's.
    builder.addCase(loggedOut, (state) => {
      state.mine = initialMyAccountState();
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
  membershipRequested,
  membershipLoaded,
  membershipFailed,
  purchasesRequested,
  purchasesLoaded,
  purchasesFailed,
  newsletterRequested,
  newsletterLoaded,
  newsletterFailed,
  newsletterToggled,
  newsletterSaved,
  newsletterSaveFailed,
  myAccountFieldEdited,
  myAccountFormFailed,
  profileSaveRequested,
  profileSaved,
  avatarUploadRequested,
  avatarChosen,
  avatarUploaded,
  passwordChangeRequested,
  passwordChanged,
  emailChangeRequested,
  emailChangeSent,
  manageBillingRequested,
  manageBillingFailed,
  exportRequested,
  exportSaved,
  exportFailed,
  deletionRequested,
  accountDeleted,
  deletionDialogOpened,
  myAccountLeft,
} = accountSlice.actions;

type WithAccount = { account: AccountState };
export const selectAccount = (state: WithAccount) => state.account;
export const selectProviders = (state: WithAccount) => state.account.providers.data;
export const selectMyAccount = (state: WithAccount) => state.account.mine;

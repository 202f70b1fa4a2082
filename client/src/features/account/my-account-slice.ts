// What the member manages on My account: profile, avatar, newsletter, password, e-mail,
// membership, purchases and their data.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MembershipState, OwnedItem, ProfileChanges, User } from '../../api/contract';
import { requestCases, requestState, type RequestState } from '../../state/request';
import { loggedOut } from '../../state/auth-slice';
import type { RequestStatus } from '../../state/status';

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

function formStarted(state: MyAccountState, form: MyAccountForm) {
  state[form] = { status: 'loading', errors: {} };
}

function formSucceeded(state: MyAccountState, form: MyAccountForm) {
  state[form] = { status: 'succeeded', errors: {} };
}

export const myAccountSlice = createSlice({
  name: 'myAccount',
  initialState: initialMyAccountState,
  reducers: {
    ...requestCases('membership', (state: MyAccountState) => state.membership),
    ...requestCases('purchases', (state: MyAccountState) => state.purchases),
    ...requestCases('newsletter', (state: MyAccountState) => state.newsletter),
    newsletterToggled(state, _action: PayloadAction<boolean>) {
      state.newsletterSaving = true;
    },
    newsletterSaved(state, action: PayloadAction<boolean>) {
      state.newsletterSaving = false;
      state.newsletter = { status: 'succeeded', data: action.payload };
    },
    newsletterSaveFailed(state) {
      state.newsletterSaving = false;
    },
    /** A field of a My account form was edited: the server's message for it goes. */
    myAccountFieldEdited(state, action: PayloadAction<{ form: MyAccountForm; field: string }>) {
      delete state[action.payload.form].errors[action.payload.field];
    },
    /** A My account form failed: the server's messages for its fields (error.fields). */
    myAccountFormFailed(state, action: PayloadAction<{ form: MyAccountForm; errors: Record<string, string> }>) {
      state[action.payload.form] = { status: 'failed', errors: action.payload.errors };
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
      state.avatar = formRequest();
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
      state.emailSentTo = null;
    },
    emailChangeSent(state, action: PayloadAction<string>) {
      formSucceeded(state, 'email');
      state.emailSentTo = action.payload;
    },
    manageBillingRequested(state) {
      state.manageStatus = 'loading';
    },
    manageBillingFailed(state) {
      state.manageStatus = 'failed';
    },
    exportRequested(state) {
      state.exportStatus = 'loading';
    },
    exportSaved(state) {
      state.exportStatus = 'succeeded';
    },
    exportFailed(state) {
      state.exportStatus = 'failed';
    },
    deletionRequested(state, _action: PayloadAction<string>) {
      formStarted(state, 'deletion');
    },
    accountDeleted(state) {
      formSucceeded(state, 'deletion');
    },
    /** The delete dialog opened again: it starts without the last attempt's message. */
    deletionDialogOpened(state) {
      state.deletion = formRequest();
    },
    /** The page was left: its forms start afresh on the next visit (the loads stay). */
    myAccountLeft(state) {
      const { membership: kept, purchases: owned, newsletter: letter } = state;
      return { ...initialMyAccountState(), membership: kept, purchases: owned, newsletter: letter };
    },
  },
  extraReducers: (builder) => {
    // What My account loaded was this member's.
    builder.addCase(loggedOut, () => initialMyAccountState());
  },
});

export const {
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
} = myAccountSlice.actions;

export const selectMyAccount = (state: { myAccount: MyAccountState }) => state.myAccount;

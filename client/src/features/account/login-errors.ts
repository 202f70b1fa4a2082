// The login form's server messages under its fields (client/README.md: Account screens, Log in):
// an unknown address or an unconfirmed one under the e-mail, a wrong password under the password,
// a missing value under the empty field. The toast says the same; the field says where.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ApiError } from '../../api/client';
import { ERROR_CODES } from '../../state/messages';
import { MESSAGES } from '../../validation/rules';
import { loginRequested, socialSignInRequested } from './slice';

export type LoginField = 'email' | 'password';
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

/** The field each sign-in refusal concerns. */
const FIELD_OF_CODE: Record<string, LoginField> = {
  user_doesnt_exist: 'email',
  user_cant_login: 'email',
  user_wrong_password: 'password',
};

/** What a failed login tells under its fields, from the error and the values that were sent. */
export function loginFieldErrors(error: unknown, sent: { email: string; password: string }): LoginFieldErrors {
  if (!(error instanceof ApiError) || !error.code) return {};
  if (error.code === 'user_username_or_password_missing') {
    const empty = (['email', 'password'] as const).filter((field) => sent[field].trim() === '');
    const fields = empty.length > 0 ? empty : (['email'] as const);
    const message = empty.length > 0 ? MESSAGES.required : (ERROR_CODES[error.code] ?? error.message);
    return Object.fromEntries(fields.map((field) => [field, message]));
  }
  const field = FIELD_OF_CODE[error.code];
  if (!field) return {};
  return { [field]: ERROR_CODES[error.code] ?? error.message };
}

const NO_ERRORS: LoginFieldErrors = {};

export const loginErrorsSlice = createSlice({
  name: 'loginErrors',
  initialState: NO_ERRORS,
  reducers: {
    loginFieldsRefused: (_state, action: PayloadAction<LoginFieldErrors>) => action.payload,
    /** The form opened (a page, the overlay): it starts without the last refusal's messages. */
    loginFormOpened: () => ({}),
    /** A field was edited: its server message goes. */
    loginFieldEdited(state, action: PayloadAction<LoginField>) {
      delete state[action.payload];
    },
  },
  extraReducers: (builder) => {
    // A new attempt starts without the last refusal's messages.
    const cleared = () => ({});
    builder.addCase(loginRequested, cleared);
    builder.addCase(socialSignInRequested, cleared);
  },
});

export const { loginFieldsRefused, loginFormOpened, loginFieldEdited } = loginErrorsSlice.actions;
export const selectLoginErrors = (state: { loginErrors: LoginFieldErrors }) => state.loginErrors;

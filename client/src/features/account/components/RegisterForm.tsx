// The register form (SPEC §2, §5): username, e-mail and password for the e-mail type (a social
// type shows the provider's e-mail), country, level, terms and newsletter. Username and e-mail
// are checked for availability while typed (debounced in the account saga).
import { type FormEvent, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import type { RegistrationRequest } from '../../../api/endpoints';
import { type RegisterType, SKILL_LEVELS } from '../../../lib/constants';
import { formRules, MESSAGES } from '../../../validation/rules';
import { useRedirectParam } from '../paths';
import {
  type AvailabilityField,
  countriesRequested,
  emailEdited,
  registerFieldEdited,
  registerRequested,
  selectAccount,
  usernameEdited,
} from '../slice';
import { CheckboxField, PasswordField, SelectField, TextField } from './fields';
import { TermsField } from './TermsField';
import { useForm } from './use-form';

export const NEWSLETTER_LABEL =
  'Subscribe to get chess tips and updates on new lessons by email. You can unsubscribe at anytime.';

type RegisterValues = {
  username: string;
  email: string;
  password: string;
  country: string;
  skill_level: string;
  terms: boolean;
  subscribe: boolean;
};

const EMPTY: RegisterValues = {
  username: '',
  email: '',
  password: '',
  country: '',
  skill_level: '',
  terms: false,
  subscribe: false,
};

const TAKEN: Record<AvailabilityField, string> = {
  username: MESSAGES.usernameTaken,
  email: MESSAGES.emailTaken,
};

export function RegisterForm({ type }: { type: RegisterType }) {
  const dispatch = useAppDispatch();
  const redirect = useRedirectParam();
  const account = useAppSelector(selectAccount);
  const { registerStatus, registerErrors, availability } = account;
  const { data: countries, status: countriesStatus } = account.countries;
  const social = type === 'email' ? null : account.socialRegistration;
  // A provider may keep the address to itself: then it is asked for.
  const askEmail = !social?.email;
  const askPassword = type === 'email';

  const form = useForm(EMPTY, {
    username: formRules.registerUsername,
    email: askEmail ? formRules.registerEmail : [],
    password: askPassword ? formRules.registerPassword : [],
    country: formRules.required,
    skill_level: formRules.required,
    terms: formRules.terms,
  });
  const { values } = form;
  const sent = { username: values.username, email: askEmail ? values.email.trim() : (social?.email ?? '') };

  useEffect(() => {
    if (countriesStatus === 'idle') dispatch(countriesRequested());
  }, [dispatch, countriesStatus]);

  function taken(field: AvailabilityField): string | null {
    const answer = availability[field];
    if (!answer || answer.available || answer.value !== sent[field]) return null;
    return answer.message ?? TAKEN[field];
  }

  /** Rules first, then the availability answer, then the server's message. */
  const errorOf = (field: keyof RegisterValues) =>
    form.error(
      field,
      (field === 'username' || field === 'email' ? taken(field) : null) ?? registerErrors[field] ?? null,
    );

  function edit<F extends keyof RegisterValues>(field: F, value: RegisterValues[F]) {
    form.change(field, value);
    if (registerErrors[field]) dispatch(registerFieldEdited(field));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const valid = form.submit();
    if (!valid || taken('username') || (askEmail && taken('email'))) return;
    const request: RegistrationRequest = {
      type,
      username: values.username,
      email: sent.email || undefined,
      password: askPassword ? values.password : undefined,
      country: values.country,
      skill_level: values.skill_level,
      terms: values.terms,
      subscribe: values.subscribe,
      token: social?.token,
    };
    dispatch(registerRequested({ form: request, redirect }));
  }

  const busy = registerStatus === 'loading';
  return (
    <form className="account-form__fields" onSubmit={onSubmit} noValidate aria-label="Register">
      <TextField
        label="Username"
        autoComplete="username"
        value={values.username}
        onChange={(event) => {
          edit('username', event.target.value);
          dispatch(usernameEdited(event.target.value));
        }}
        onBlur={() => form.leave('username')}
        error={errorOf('username')}
      />
      {askEmail ? (
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => {
            edit('email', event.target.value);
            dispatch(emailEdited(event.target.value.trim()));
          }}
          onBlur={() => form.leave('email')}
          error={errorOf('email')}
        />
      ) : (
        <p className="field field--static">
          <span className="field__label">E-mail</span> {social?.email}
        </p>
      )}
      {askPassword && (
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => edit('password', event.target.value)}
          onBlur={() => form.leave('password')}
          error={errorOf('password')}
        />
      )}
      <SelectField
        label="Country"
        placeholder="Your country"
        options={(countries ?? []).map((country) => ({ value: country.code, label: country.name }))}
        value={values.country}
        onChange={(value) => edit('country', value)}
        onBlur={() => form.leave('country')}
        error={errorOf('country')}
      />
      <SelectField
        label="Level"
        placeholder="Your level"
        options={SKILL_LEVELS}
        value={values.skill_level}
        onChange={(value) => edit('skill_level', value)}
        onBlur={() => form.leave('skill_level')}
        error={errorOf('skill_level')}
      />
      <TermsField checked={values.terms} onChange={(checked) => edit('terms', checked)} error={errorOf('terms')} />
      <CheckboxField
        label={NEWSLETTER_LABEL}
        checked={values.subscribe}
        onChange={(checked) => edit('subscribe', checked)}
      />
      <button type="submit" className="button button--block" disabled={busy} aria-busy={busy}>
        Complete sign-up
      </button>
    </form>
  );
}

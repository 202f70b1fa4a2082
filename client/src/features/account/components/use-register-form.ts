// The register form's state (client/README.md: Account screens, Register): its values and rules,
// the availability answers and the server's messages under the fields, and the request it sends.
// The fields it asks for depend on the type: a social type shows the provider's e-mail, and has no
// password.
import { type FormEvent, useEffect } from 'react';
import type { RegistrationRequest } from '../../../api/endpoints';
import type { RegisterType } from '../../../api/sign-in';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
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
import { useForm } from './use-form';

export type RegisterValues = {
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

export function useRegisterForm(type: RegisterType) {
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
    // Username and e-mail are checked for availability while typed (debounced in the saga).
    if (field === 'username') dispatch(usernameEdited(value as string));
    if (field === 'email') dispatch(emailEdited((value as string).trim()));
  }

  function submit(event: FormEvent) {
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

  return {
    values,
    errorOf,
    edit,
    leave: (field: keyof RegisterValues) => form.leave(field),
    submit,
    askEmail,
    askPassword,
    socialEmail: social?.email ?? null,
    countries: countries ?? [],
    busy: registerStatus === 'loading',
  };
}

/** What the form's sections are given. */
export type RegisterFormState = ReturnType<typeof useRegisterForm>;

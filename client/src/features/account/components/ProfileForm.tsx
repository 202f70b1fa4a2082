// My account's profile: names, username (checked as it is typed, as at registration), country and
// level. The field rules first (docs/accounts.md, validation), then the availability answer, then
// the server's message.
import { useEffect } from 'react';
import type { ProfileChanges, User } from '../../../api/contract';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { formRules, MESSAGES } from '../../../validation/rules';
import { countriesRequested, selectAccount, usernameEdited } from '../slice';
import { profileSaveRequested, selectMyAccount } from '../my-account-slice';
import { bound, CountryLevelFields, TextField } from './fields';
import { useAccountForm } from './use-account-form';
import { SubmitButton } from '../../../components/SubmitButton';

type ProfileValues = { firstname: string; lastname: string; username: string; country: string; skill_level: string };

const valuesOf = (user: User): ProfileValues => ({
  firstname: user.firstname ?? '',
  lastname: user.lastname ?? '',
  username: user.username,
  country: user.country ?? '',
  skill_level: user.skill_level ?? '',
});

export function ProfileForm({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const account = useAppSelector(selectAccount);
  const { profile } = useAppSelector(selectMyAccount);
  const countries = account.countries;
  const form = useAccountForm('profile', valuesOf(user), {
    firstname: formRules.profileName,
    lastname: formRules.profileName,
    username: formRules.registerUsername,
    country: formRules.required,
    skill_level: formRules.required,
  });
  const { values } = form;

  useEffect(() => {
    if (countries.status === 'idle') dispatch(countriesRequested());
  }, [dispatch, countries.status]);

  const answer = account.availability.username;
  const taken =
    answer && !answer.available && answer.value === values.username && values.username !== user.username
      ? (answer.message ?? MESSAGES.usernameTaken)
      : null;
  const fields = {
    ...form,
    edit(field: keyof ProfileValues, value: string) {
      form.edit(field, value);
      if (field === 'username') dispatch(usernameEdited(value));
    },
    // The username's availability answer comes before the server's message.
    errorOf: (field: keyof ProfileValues) =>
      form.error(field, (field === 'username' ? taken : null) ?? form.serverError(field)),
  };

  const submit = form.onSubmit(() => {
    if (taken) return;
    const changes: ProfileChanges = {
      firstname: values.firstname.trim() || null,
      lastname: values.lastname.trim() || null,
      username: values.username,
      country: values.country as ProfileChanges['country'],
      skill_level: values.skill_level as ProfileChanges['skill_level'],
    };
    dispatch(profileSaveRequested(changes));
  });

  const busy = profile.status === 'loading';
  const countryOptions = (countries.data ?? []).map((country) => ({ value: country.code, label: country.name }));
  // The member's country shows even before the list has come.
  if (values.country && !countryOptions.some((option) => option.value === values.country)) {
    countryOptions.unshift({ value: values.country, label: values.country });
  }
  return (
    <form className="account-form__fields" onSubmit={submit} noValidate aria-label="Profile">
      <div className="account-form__pair">
        <TextField label="First name" autoComplete="given-name" {...bound(fields, 'firstname')} />
        <TextField label="Last name" autoComplete="family-name" {...bound(fields, 'lastname')} />
      </div>
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...bound(fields, 'username')}
      />
      <CountryLevelFields countries={countryOptions} form={fields} />
      <SubmitButton busy={busy} className="button account-form__submit">
        Save profile
      </SubmitButton>
    </form>
  );
}

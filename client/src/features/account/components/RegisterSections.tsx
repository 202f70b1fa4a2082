// The register form's three parts: who signs up (username, e-mail, password), their country and
// level, and what they agree to (terms, newsletter).
import { CheckboxField, CountryLevelFields, PasswordField, TextField } from './fields';
import { TermsField } from './TermsField';
import type { RegisterFormState } from './use-register-form';

export const NEWSLETTER_LABEL =
  'Subscribe to get chess tips and updates on new lessons by email. You can unsubscribe at anytime.';

export function IdentityFields({ form }: { form: RegisterFormState }) {
  const { values, edit, leave, errorOf } = form;
  return (
    <>
      <TextField
        label="Username"
        autoComplete="username"
        value={values.username}
        onChange={(event) => edit('username', event.target.value)}
        onBlur={() => leave('username')}
        error={errorOf('username')}
      />
      {form.askEmail ? (
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => edit('email', event.target.value)}
          onBlur={() => leave('email')}
          error={errorOf('email')}
        />
      ) : (
        <p className="field field--static">
          <span className="field__label">E-mail</span> {form.socialEmail}
        </p>
      )}
      {form.askPassword && (
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => edit('password', event.target.value)}
          onBlur={() => leave('password')}
          error={errorOf('password')}
        />
      )}
    </>
  );
}

export function ProfileFields({ form }: { form: RegisterFormState }) {
  return (
    <CountryLevelFields
      countries={form.countries.map((country) => ({ value: country.code, label: country.name }))}
      values={form.values}
      edit={form.edit}
      leave={form.leave}
      errorOf={form.errorOf}
    />
  );
}

export function ConsentFields({ form }: { form: RegisterFormState }) {
  const { values, edit, errorOf } = form;
  return (
    <>
      <TermsField checked={values.terms} onChange={(checked) => edit('terms', checked)} error={errorOf('terms')} />
      <CheckboxField
        label={NEWSLETTER_LABEL}
        checked={values.subscribe}
        onChange={(checked) => edit('subscribe', checked)}
      />
    </>
  );
}

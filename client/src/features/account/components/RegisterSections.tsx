// The register form's three parts: who signs up (username, e-mail, password), their country and
// level, and what they agree to (terms, newsletter).
import { CheckboxField, CountryLevelFields, PasswordField, TextField, bound } from './fields';
import { TermsField } from './TermsField';
import type { RegisterFormState } from './use-register-form';

export const NEWSLETTER_LABEL =
  'Subscribe to get chess tips and updates on new lessons by email. You can unsubscribe at anytime.';

export function IdentityFields({ form }: { form: RegisterFormState }) {
  return (
    <>
      <TextField label="Username" autoComplete="username" {...bound(form, 'username')} />
      {form.askEmail ? (
        <TextField label="E-mail" type="email" inputMode="email" autoComplete="email" {...bound(form, 'email')} />
      ) : (
        <p className="field field--static">
          <span className="field__label">E-mail</span> {form.socialEmail}
        </p>
      )}
      {form.askPassword && <PasswordField label="Password" autoComplete="new-password" {...bound(form, 'password')} />}
    </>
  );
}

export function ProfileFields({ form }: { form: RegisterFormState }) {
  return (
    <CountryLevelFields
      countries={form.countries.map((country) => ({ value: country.code, label: country.name }))}
      form={form}
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

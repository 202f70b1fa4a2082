// The register form (client/README.md: Account screens, Register): who signs up, their country and
// level, and what they agree to. Its state and request live in use-register-form.ts, its parts in
// RegisterSections.tsx.
import type { RegisterType } from '../../../api/sign-in';
import { ConsentFields, IdentityFields, ProfileFields } from './RegisterSections';
import { useRegisterForm } from './use-register-form';

export function RegisterForm({ type }: { type: RegisterType }) {
  const form = useRegisterForm(type);
  return (
    <form className="account-form__fields" onSubmit={form.submit} noValidate aria-label="Register">
      <IdentityFields form={form} />
      <ProfileFields form={form} />
      <ConsentFields form={form} />
      <button type="submit" className="button button--block" disabled={form.busy} aria-busy={form.busy}>
        Complete sign-up
      </button>
    </form>
  );
}

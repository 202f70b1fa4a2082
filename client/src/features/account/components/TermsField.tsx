// The register form's terms checkbox, with links that open the terms and the privacy policy in
// their overlays (the form stays as it is underneath).
import { CheckboxField } from './fields';
import { LegalLinks } from './LegalLinks';

export function TermsField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | null;
}) {
  return (
    <CheckboxField
      label="I am at least 12 years old and I accept the terms and conditions and the privacy policy."
      checked={checked}
      onChange={onChange}
      error={error}
      hint={
        <>
          Read <LegalLinks />.
        </>
      }
    />
  );
}

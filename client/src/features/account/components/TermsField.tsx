// The register form's terms checkbox, with links that open the terms and the privacy policy in
// their overlays (the form stays as it is underneath). Its age words are those of the terms:
// 18 to accept them, from 12 with a parent's or guardian's consent (client/README.md).
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
      label="I accept the terms and conditions and the privacy policy. I am 18 or older, or at least 12 with the consent of a parent or guardian, who accepts them for me."
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

// A form's submit button: disabled, and busy for assistive technology, while its request runs.
import type { ReactNode } from 'react';

export function SubmitButton({ busy, className, children }: { busy: boolean; className: string; children: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy}>
      {children}
    </button>
  );
}

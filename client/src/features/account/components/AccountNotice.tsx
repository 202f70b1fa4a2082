// A notice on an account screen (a link sent, an address confirmed, a link that failed): read out
// politely, or at once when it tells of an error.
import type { ReactNode } from 'react';

export function AccountNotice({ error = false, children }: { error?: boolean; children: ReactNode }) {
  return (
    <p className={`account-notice${error ? ' account-notice--error' : ''}`} role={error ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

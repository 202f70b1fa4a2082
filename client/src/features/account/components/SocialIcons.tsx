// The providers' marks for their sign-in buttons, inline so that no third-party image loads
// before a button is used. Decorative: the button's text names the provider.
import type { ReactNode } from 'react';
import type { SocialProvider } from '../../../api/sign-in';

const PATHS: Record<SocialProvider, ReactNode> = {
  facebook: (
    <path
      fill="currentColor"
      d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07z"
    />
  ),
  google: (
    <>
      <path
        fill="#4285F4"
        d="M23.52 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.58-5.17 3.58-8.81z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.02c-1.07.72-2.45 1.15-4.06 1.15-3.13 0-5.77-2.11-6.72-4.95H1.28v3.11A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.28 14.28a7.2 7.2 0 0 1 0-4.56V6.61h-4a12 12 0 0 0 0 10.78l4-3.11z" />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.35.61 4.6 1.8l3.44-3.44A11.97 11.97 0 0 0 12 0 12 12 0 0 0 1.28 6.61l4 3.11C6.23 6.88 8.87 4.77 12 4.77z"
      />
    </>
  ),
  apple: (
    <path
      fill="currentColor"
      d="M19.67 12.75c-.03-2.9 2.37-4.3 2.48-4.37-1.35-1.98-3.45-2.25-4.2-2.28-1.79-.18-3.49 1.05-4.4 1.05-.9 0-2.3-1.03-3.78-1-1.95.03-3.75 1.13-4.75 2.87-2.03 3.52-.52 8.72 1.46 11.58.97 1.4 2.12 2.97 3.63 2.91 1.46-.06 2.01-.94 3.77-.94 1.76 0 2.26.94 3.8.91 1.57-.03 2.56-1.42 3.52-2.83 1.11-1.62 1.57-3.2 1.6-3.28-.04-.02-3.06-1.17-3.13-4.62zM16.77 4.24c.8-.97 1.35-2.32 1.2-3.67-1.16.05-2.56.77-3.4 1.74-.74.86-1.4 2.24-1.22 3.56 1.29.1 2.61-.66 3.42-1.63z"
    />
  ),
};

export function SocialIcon({ provider }: { provider: SocialProvider }) {
  return (
    <svg
      className="social-button__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[provider]}
    </svg>
  );
}

// Under the login and sign-up choices, the way to the other one: in an overlay a button that
// switches overlays, on a page a link to the other page (keeping where to go after).
import { Link } from 'react-router';
import { withRedirect } from '../paths';

/** Each way to switch: the question it answers, its label, and its page. */
const SWITCHES = {
  signUp: { question: "Don't have an account?", label: 'Sign up', page: '/onboarding' },
  logIn: { question: 'Already have an account?', label: 'Log in', page: '/login' },
} as const;

interface AccountSwitchProps {
  to: keyof typeof SWITCHES;
  /** Where to go after signing in, kept by the link to the other page. */
  redirect: string | null;
  /** In an overlay: switch to the other overlay. */
  onSwitch?: () => void;
}

export function AccountSwitch({ to, redirect, onSwitch }: AccountSwitchProps) {
  const { question, label, page } = SWITCHES[to];
  return (
    <p className="account-switch">
      {`${question} `}
      {onSwitch ? (
        <button type="button" className="link-button" onClick={onSwitch}>
          {label}
        </button>
      ) : (
        <Link to={withRedirect(page, redirect)}>{label}</Link>
      )}
    </p>
  );
}

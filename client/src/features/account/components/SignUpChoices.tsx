// The ways to sign up (onboarding page and register overlay): each social provider (disabled,
// saying why, where it is off), or e-mail; and the way to log in instead.
import { Link } from 'react-router';
import { registerPath, useRedirectParam } from '../paths';
import { AccountSwitch } from './AccountSwitch';
import { SocialButtons } from './SocialButtons';

interface SignUpChoicesProps {
  /** In the overlay, Log in switches overlays; on the page it leads to the login page. */
  onLogIn?: () => void;
  /** Called when a link leaves for another page (the overlay closes). */
  onLeave?: () => void;
}

export function SignUpChoices({ onLogIn, onLeave }: SignUpChoicesProps) {
  const redirect = useRedirectParam();
  return (
    <div className="account-form">
      <SocialButtons verb="Sign up with" or="after" />
      <Link className="button button--block" to={registerPath('email', redirect)} onClick={onLeave}>
        Sign up with E-mail
      </Link>
      <AccountSwitch to="logIn" redirect={redirect} onSwitch={onLogIn} />
    </div>
  );
}

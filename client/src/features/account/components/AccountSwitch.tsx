// Under the login and sign-up choices, the way to the other one: in an overlay a button that
// switches overlays, on a page a link to the other page (keeping where to go after).
import { Link } from 'react-router';

interface AccountSwitchProps {
  question: string;
  label: string;
  /** In an overlay: switch to the other overlay. */
  onSwitch?: () => void;
  /** On a page: the other page. */
  to: string;
}

export function AccountSwitch({ question, label, onSwitch, to }: AccountSwitchProps) {
  return (
    <p className="account-switch">
      {`${question} `}
      {onSwitch ? (
        <button type="button" className="link-button" onClick={onSwitch}>
          {label}
        </button>
      ) : (
        <Link to={to}>{label}</Link>
      )}
    </p>
  );
}

// /login: the login form, with a notice when the page is the end of a mailed link: an e-mail
// confirmed (?confirmed=1), an e-mail change stopped from the old address
// (?email_change_cancelled=1), a link unknown or spent (?error=email_verification_invalid_token)
// or one followed too often (?error=rate_limited).
import { useLocation } from 'react-router';
import { LoginForm } from '../components/LoginForm';
import { AccountNotice } from '../components/AccountNotice';
import '../account.css';

export const CONFIRMED_NOTICE = 'Your e-mail address is confirmed. You can now log in.';
export const CHANGE_STOPPED_NOTICE =
  'The change of your e-mail address is stopped, and every device is signed out. Log in, and change your password if someone else knows it.';
export const INVALID_LINK_NOTICE =
  'This confirmation link is invalid or has expired. Log in to get a new one by e-mail.';
export const TOO_MANY_NOTICE = 'Too many attempts. Please wait a moment and open the link again.';

export function LoginPage() {
  const query = new URLSearchParams(useLocation().search);
  const notice =
    query.get('confirmed') === '1'
      ? CONFIRMED_NOTICE
      : query.get('email_change_cancelled') === '1'
        ? CHANGE_STOPPED_NOTICE
        : null;
  const error = {
    email_verification_invalid_token: INVALID_LINK_NOTICE,
    rate_limited: TOO_MANY_NOTICE,
  }[query.get('error') ?? ''];
  return (
    <section className="page account-page" aria-labelledby="login-title">
      <h1 id="login-title" className="page__title">
        Log in
      </h1>
      {notice && <AccountNotice>{notice}</AccountNotice>}
      {error && <AccountNotice error>{error}</AccountNotice>}
      <LoginForm />
    </section>
  );
}

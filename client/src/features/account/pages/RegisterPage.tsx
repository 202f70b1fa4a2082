// /register/{type}: the register form for e-mail or a social provider; after an e-mail
// registration, the request to confirm the address from the mail.
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { Loading } from '../../../components/Status';
import { REGISTER_TYPES, type RegisterType } from '../../../api/sign-in';
import { RegisterForm } from '../components/RegisterForm';
import { useRedirectParam } from '../paths';
import { registerPageOpened, selectAccount } from '../slice';
import { AccountNotice } from '../components/AccountNotice';
import '../account.css';

const isRegisterType = (type: string): type is RegisterType => type in REGISTER_TYPES;

function ConfirmationSent({ email }: { email: string }) {
  return (
    <section className="page account-page" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="page__title">
        Check your e-mail
      </h1>
      <AccountNotice>
        We sent a confirmation link to <strong>{email}</strong>. Open it to confirm your address, then log in.
      </AccountNotice>
      <p className="muted">No mail? Look in your spam folder, or log in: an unconfirmed account gets a new link.</p>
      <Link className="button" to="/login">
        Log in
      </Link>
    </section>
  );
}

export function RegisterPage() {
  const { type = '' } = useParams();
  const redirect = useRedirectParam();
  const dispatch = useAppDispatch();
  const { confirmationSentTo, socialRegistration } = useAppSelector(selectAccount);

  useEffect(() => {
    if (isRegisterType(type)) dispatch(registerPageOpened({ type, redirect }));
  }, [dispatch, type, redirect]);

  if (!isRegisterType(type)) return <Navigate to="/404" replace />;
  if (confirmationSentTo) return <ConfirmationSent email={confirmationSentTo} />;
  return (
    <section className="page account-page" aria-labelledby="register-title">
      <h1 id="register-title" className="page__title">
        Register with <span className="account-page__way">{REGISTER_TYPES[type]}</span>
      </h1>
      {/* A social type waits for its stored data (or leaves without it). */}
      {type !== 'email' && !socialRegistration ? <Loading /> : <RegisterForm type={type} />}
    </section>
  );
}

// The overlays driven by the one modal key: login, register, upgrade, guest, terms, privacy.
// The account forms come later; their overlays lead to the account pages.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Overlay } from '../components/Overlay';
import { PageLoader } from '../components/PageLoader';
import { useOpenModal } from '../session/hooks';
import { type ModalKey, modalClosed, selectModalKey } from '../session/modal-slice';
import { useAppDispatch, useAppSelector } from './hooks';

const LegalOverlayContent = lazy(async () => ({
  default: (await import(/* webpackChunkName: "legal" */ '../features/legal/components/LegalOverlayContent'))
    .LegalOverlayContent,
}));

const TITLES: Record<ModalKey, string> = {
  login: 'Log in',
  register: 'Sign up',
  upgrade: 'Choose your plan',
  guest: 'Become a member',
  terms: 'Terms and conditions',
  privacy: 'Privacy policy',
};

export function ModalHost() {
  const key = useAppSelector(selectModalKey);
  const dispatch = useAppDispatch();
  const switchTo = useOpenModal();
  if (!key) return null;
  const close = () => dispatch(modalClosed());

  return (
    <Overlay title={TITLES[key]} onClose={close} className={`modal modal--${key}`}>
      {key === 'login' && (
        <div className="modal__content">
          <p>Log in to continue your lessons and programs.</p>
          <Link className="button button--block" to="/login" onClick={close}>
            Log in with e-mail
          </Link>
          <p className="modal__switch">
            {"Don't have an account? "}
            <button type="button" className="link-button" onClick={() => switchTo('register')}>
              Sign up
            </button>
          </p>
        </div>
      )}
      {(key === 'register' || key === 'guest') && (
        <div className="modal__content">
          <p>
            {key === 'guest'
              ? 'This content is for members. Sign up to watch it, with lessons and programs by master players.'
              : 'Create your account to learn with the best: lessons, programs, documentaries and the masterclass.'}
          </p>
          <Link className="button button--block" to="/register/email" onClick={close}>
            Sign up with e-mail
          </Link>
          <Link className="button button--block button--secondary" to="/onboarding" onClick={close}>
            More ways to sign up
          </Link>
          <p className="modal__switch">
            Already have an account?{' '}
            <button type="button" className="link-button" onClick={() => switchTo('login')}>
              Log in
            </button>
          </p>
          <p className="modal__legal">
            By signing up you accept the{' '}
            <button type="button" className="link-button" onClick={() => switchTo('terms')}>
              terms and conditions
            </button>{' '}
            and the{' '}
            <button type="button" className="link-button" onClick={() => switchTo('privacy')}>
              privacy policy
            </button>
            .
          </p>
        </div>
      )}
      {key === 'upgrade' && (
        <div className="modal__content">
          <p>Go Pro: lessons and programs by master players, unlimited puzzles in the apps and every documentary.</p>
          <Link className="button button--block" to="/upgrade-account" onClick={close}>
            See the plans
          </Link>
        </div>
      )}
      {(key === 'terms' || key === 'privacy') && (
        <Suspense fallback={<PageLoader label="Loading…" />}>
          <LegalOverlayContent slug={key} />
        </Suspense>
      )}
    </Overlay>
  );
}

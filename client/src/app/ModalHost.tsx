// The overlays driven by the one modal key: login, register, upgrade, guest, terms, privacy.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Overlay } from '../components/Overlay';
import { PageLoader } from '../components/PageLoader';
import { useOpenModal } from '../state/hooks';
import {
  type GuestPurpose,
  type ModalKey,
  modalClosed,
  selectGuestPurpose,
  selectModalKey,
} from '../state/modal-slice';
import { useAppDispatch, useAppSelector } from '../state/store-hooks';

const LegalOverlayContent = lazy(async () => ({
  default: (await import(/* webpackChunkName: "legal" */ '../features/legal/components/LegalOverlayContent'))
    .LegalOverlayContent,
}));

// The account forms load with the first opening of their overlay, not with the shell.
const LoginOverlayContent = lazy(async () => ({
  default: (await import(/* webpackChunkName: "account-overlays" */ '../features/account/components/AccountOverlays'))
    .LoginOverlayContent,
}));

const RegisterOverlayContent = lazy(async () => ({
  default: (await import(/* webpackChunkName: "account-overlays" */ '../features/account/components/AccountOverlays'))
    .RegisterOverlayContent,
}));

const UpgradeOverlayContent = lazy(async () => ({
  default: (
    await import(/* webpackChunkName: "upgrade-overlay" */ '../features/upgrade/components/UpgradeOverlayContent')
  ).UpgradeOverlayContent,
}));

const TITLES: Record<ModalKey, string> = {
  login: 'Log in',
  register: 'Sign up',
  upgrade: 'Choose your plan',
  guest: 'Become a member',
  terms: 'Terms and conditions',
  privacy: 'Privacy policy',
};

/** What the member prompt tells a visitor: what they were about to do, and what comes next. */
export function guestPromptText(purpose: GuestPurpose | null): string {
  if (purpose?.kind === 'plan') {
    return `To start ${purpose.plan}, create your free account first (or log in): you will come back to the plans to pay.`;
  }
  if (purpose?.kind === 'purchase') {
    return 'To buy it, create your free account first (or log in): you will come back to this page to pay.';
  }
  return 'Create your free account (or log in) to follow lessons, programs and the daily puzzle.';
}

export function ModalHost() {
  const key = useAppSelector(selectModalKey);
  const purpose = useAppSelector(selectGuestPurpose);
  const dispatch = useAppDispatch();
  const switchTo = useOpenModal();
  if (!key) return null;
  const close = () => dispatch(modalClosed());

  return (
    <Overlay title={TITLES[key]} onClose={close} className={`modal modal--${key}`}>
      {key === 'login' && (
        <Suspense fallback={<PageLoader label="Loading…" />}>
          <LoginOverlayContent />
        </Suspense>
      )}
      {key === 'register' && (
        <Suspense fallback={<PageLoader label="Loading…" />}>
          <RegisterOverlayContent />
        </Suspense>
      )}
      {key === 'guest' && (
        <div className="modal__content">
          <p>{guestPromptText(purpose)}</p>
          <Link className="button button--block" to="/register/email" onClick={close}>
            Sign up
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
        </div>
      )}
      {key === 'upgrade' && (
        <Suspense fallback={<PageLoader label="Loading…" />}>
          <UpgradeOverlayContent />
        </Suspense>
      )}
      {(key === 'terms' || key === 'privacy') && (
        <Suspense fallback={<PageLoader label="Loading…" />}>
          <LegalOverlayContent slug={key} />
        </Suspense>
      )}
    </Overlay>
  );
}

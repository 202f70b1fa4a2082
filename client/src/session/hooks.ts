// Session hooks every screen uses: the tap on a locked item.
import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { type AuthState, redirectAfterLoginChosen, selectIsSignedIn } from './auth-slice';
import { canOpenModal, type ModalKey, modalOpened } from './modal-slice';

/** Opens an overlay, except login on /login, where the page already is the login. */
export function useOpenModal(): (key: ModalKey) => void {
  const dispatch = useDispatch();
  const { pathname } = useLocation();
  return useCallback(
    (key: ModalKey) => {
      if (canOpenModal(key, pathname)) dispatch(modalOpened(key));
    },
    [dispatch, pathname],
  );
}

/**
 * A locked item's tap (`target`: the item's path): the upgrade prompt when signed in; for a
 * guest, `guestPrompt` (register prompt or login overlay), remembering the item as the redirect
 * after login so that signing in leads back to it.
 */
function useLockedTapOpening(guestPrompt: ModalKey): (target?: string) => void {
  const dispatch = useDispatch();
  const openModal = useOpenModal();
  const signedIn = useSelector((state: { auth: AuthState }) => selectIsSignedIn(state));
  return useCallback(
    (target?: string) => {
      if (signedIn) {
        openModal('upgrade');
        return;
      }
      if (target) dispatch(redirectAfterLoginChosen(target));
      openModal(guestPrompt);
    },
    [dispatch, openModal, signedIn, guestPrompt],
  );
}

/** A locked item's tap: the upgrade prompt when signed in, the register prompt for a guest. */
export function useLockedTap(): (target?: string) => void {
  return useLockedTapOpening('guest');
}

/** A locked program's tap: the upgrade prompt when signed in, the login overlay otherwise. */
export function useLockedProgramTap(): (target?: string) => void {
  return useLockedTapOpening('login');
}

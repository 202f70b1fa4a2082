// Session hooks every screen uses: the tap on a locked item.
import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { type AuthState, selectIsSignedIn } from './auth-slice';
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

/** A locked item's tap: the upgrade prompt when signed in, the register prompt for a guest. */
export function useLockedTap(): () => void {
  const openModal = useOpenModal();
  const signedIn = useSelector((state: { auth: AuthState }) => selectIsSignedIn(state));
  return useCallback(() => openModal(signedIn ? 'upgrade' : 'guest'), [openModal, signedIn]);
}

/** A locked program's tap: the upgrade prompt when signed in, the login overlay otherwise. */
export function useLockedProgramTap(): () => void {
  const openModal = useOpenModal();
  const signedIn = useSelector((state: { auth: AuthState }) => selectIsSignedIn(state));
  return useCallback(() => openModal(signedIn ? 'upgrade' : 'login'), [openModal, signedIn]);
}

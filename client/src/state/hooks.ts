// Hooks on the shared state every screen uses: the tap on a locked item, the list pages' texts,
// the member's progress on cards.
import { useCallback, useEffect } from 'react';
import type { CardFigures, ListPage } from '../api/contract';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { type AuthState, selectIsSignedIn } from './auth-slice';
import { type CardKind, type CardProgressState, cardsShown } from './card-progress-slice';
import { listTextsRequested, selectListTexts } from './list-texts-slice';
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
 * One text of the list pages as editors wrote it, and whether it is settled (loaded, or failed
 * and left at `fallback`): a heading stays hidden, its place kept, until then, so that the
 * page does not jump when the editors' words arrive.
 */
export function useListText(key: keyof ListPage, fallback: string): { text: string; settled: boolean } {
  const dispatch = useDispatch();
  const { data: texts, status } = useSelector(selectListTexts);
  useEffect(() => {
    if (status === 'idle') dispatch(listTextsRequested());
  }, [dispatch, status]);
  return { text: texts?.[key] ?? fallback, settled: status === 'succeeded' || status === 'failed' };
}

/**
 * A list's cards with the signed-in member's progress: once the cards are there (and again when
 * they change or a member signs in) their figures are asked for; `progressOf(id)` is 0-100, 0
 * until then, for an item never started and for guests.
 */
export function useCardProgress(kind: CardKind, ids: number[]): (id: number) => number {
  const dispatch = useDispatch();
  const signedIn = useSelector((state: { auth: AuthState }) => selectIsSignedIn(state));
  const figures = useSelector((state: { cardProgress: CardProgressState }) => state.cardProgress[kind]);
  const key = ids.join(',');
  useEffect(() => {
    if (signedIn && key) dispatch(cardsShown({ [kind]: key.split(',').map(Number) }));
  }, [dispatch, signedIn, kind, key]);
  return useCallback((id: number) => (signedIn ? (figures[String(id)]?.progress ?? 0) : 0), [figures, signedIn]);
}

/**
 * The figures of a list's cards (videos watched, exercises solved) as `useCardProgress` fetched
 * them: `undefined` for a guest (the card has no line for them), `null` while they are not there
 * or for an item never started.
 */
export function useCardFigures(kind: CardKind): (id: number) => CardFigures | null | undefined {
  const signedIn = useSelector((state: { auth: AuthState }) => selectIsSignedIn(state));
  const figures = useSelector((state: { cardProgress: CardProgressState }) => state.cardProgress[kind]);
  return useCallback((id: number) => (signedIn ? (figures[String(id)] ?? null) : undefined), [figures, signedIn]);
}

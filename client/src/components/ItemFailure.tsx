// What a page shows when the one item it is about failed to load (client/README.md: How the shell
// works, Detail pages): a locked item shows its own page (LockedPage: what it is and what unlocks
// it, for a visitor and a member alike); otherwise lockedRoute says where a 404 (or a 403 that
// tells nothing of the item) leads; any other failure stays on the page with its message (the
// children).
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAppSelector } from '../state/store-hooks';
import type { ItemState } from '../state/request';
import { selectIsSignedIn } from '../state/auth-slice';
import { LockedPage } from './LockedPage';
import { lockedRoute } from './locked-route';

export function ItemFailure({
  item,
  path,
  children,
}: {
  item: Pick<ItemState<unknown>, 'errorStatus' | 'offer' | 'locked'>;
  /** The page's own address, for the login's redirect. */
  path: string;
  children: ReactNode;
}) {
  const signedIn = useAppSelector(selectIsSignedIn);
  if (item.errorStatus === 403 && item.locked) return <LockedPage item={item.locked} offer={item.offer} />;
  const route = lockedRoute(item.errorStatus, signedIn, path);
  if (route) return <Navigate to={route} replace />;
  return children;
}

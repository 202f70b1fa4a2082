// What a page shows when the one item it is about failed to load (client/README.md: How the shell
// works, Detail pages): a member may buy a locked item that is for sale; otherwise lockedRoute says
// where a 404 or 403 leads; any other failure stays on the page with its message (the children).
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAppSelector } from '../lib/hooks';
import type { ItemState } from '../lib/request';
import { selectIsSignedIn } from '../session/auth-slice';
import { LockedOffer } from './LockedOffer';
import { lockedRoute } from './locked-route';

export function ItemFailure({
  item,
  path,
  forSale,
  children,
}: {
  item: Pick<ItemState<unknown>, 'errorStatus' | 'offer'>;
  /** The page's own address, for the login's redirect. */
  path: string;
  /** The kind of item a 403 may offer for sale. */
  forSale?: 'program' | 'video';
  children: ReactNode;
}) {
  const signedIn = useAppSelector(selectIsSignedIn);
  if (forSale && item.offer && signedIn) return <LockedOffer offer={item.offer} kind={forSale} />;
  const route = lockedRoute(item.errorStatus, signedIn, path);
  if (route) return <Navigate to={route} replace />;
  return children;
}

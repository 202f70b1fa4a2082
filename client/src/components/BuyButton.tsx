// 'Buy for $29.99': buys one item on its own and comes back to this page once paid. Visitors get
// the register prompt instead (the purchase saga decides).
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import type { ForSale } from '../api/contract';
import { formatPrice } from '../lib/prices';
import { itemKey, purchaseRequested, selectPurchase } from '../state/purchase-slice';

interface BuyButtonProps {
  item: ForSale;
  /** Defaults to 'Buy for {price}'. */
  label?: string;
  className?: string;
}

export function BuyButton({ item, label, className = 'button' }: BuyButtonProps) {
  const dispatch = useDispatch();
  const { pathname } = useLocation();
  const purchase = useSelector(selectPurchase);
  const { entity, entityId, currentUserPrice } = item;
  if (!entity || entityId === undefined || !currentUserPrice) return null;
  const waiting = purchase.status === 'loading' && purchase.item === itemKey(entity, entityId);

  return (
    <button
      type="button"
      className={className}
      disabled={waiting}
      aria-busy={waiting}
      onClick={() => dispatch(purchaseRequested({ entity, entityId, finalUrl: pathname }))}
    >
      {label ?? `Buy for ${formatPrice(currentUserPrice)}`}
    </button>
  );
}

// My account's purchases: the single items owned, each linking to its page.
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useAppSelector } from '../../../state/store-hooks';
import { purchasesRequested, selectMyAccount } from '../my-account-slice';
import { PanelPlaceholder } from './PanelPlaceholder';

export const PURCHASES_FAILED = 'Something went wrong fetching your purchases.';
export const NO_PURCHASES = 'You have not bought any single program, video or masterclass yet.';

const KIND: Record<string, string> = { program: 'Program', video: 'Video', masterclass: 'Masterclass' };

export function PurchaseList() {
  const { purchases } = useAppSelector(selectMyAccount);
  const { data } = purchases;

  if (!data) return <PanelPlaceholder request={purchases} message={PURCHASES_FAILED} retry={purchasesRequested} />;
  if (data.length === 0) {
    return (
      <div className="list-state" role="status">
        <p className="list-state__message">{NO_PURCHASES}</p>
      </div>
    );
  }
  return (
    <ul className="purchases">
      {data.map((item) => (
        <li key={`${item.entity}-${item.entityId}`}>
          <Link className="purchases__item" to={item.path}>
            <span className="purchases__title">{item.title ?? `${KIND[item.entity]} ${item.entityId}`}</span>
            <span className="purchases__meta">
              {KIND[item.entity]} · {item.price_text} · {formatDate(item.purchased_at)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

// A single purchase's payment was canceled (/product-payment/cancel): ways back to the page the
// purchase started from and home.
import { Link } from 'react-router';
import { isSitePath } from '../../../lib/site-path';
import { storage } from '../../../lib/storage';
import '../upgrade.css';

export function PurchaseCancelPage() {
  const stored = storage.readPurchaseReturn();
  const back = isSitePath(stored) && stored !== '/home' ? stored : null;
  return (
    <section className="payment-failed" aria-labelledby="purchase-cancel-title">
      <h1 id="purchase-cancel-title" className="page__title">
        Something went wrong! Please try again!
      </h1>
      <div className="payment-failed__actions">
        {back && (
          <Link className="button" to={back}>
            Back
          </Link>
        )}
        <Link className={back ? 'button button--secondary' : 'button'} to="/home">
          Back to home
        </Link>
      </div>
    </section>
  );
}

// Back from a single purchase's payment (/product-payment/success?session_id=...): validated,
// then the page it was bought from (final_url) or home.
import { Link } from 'react-router';
import { PaymentReturn } from '../components/PaymentReturn';
import { paymentReturned } from '../slice';
import '../upgrade.css';

export function PurchaseSuccessPage() {
  return (
    <PaymentReturn
      returned={paymentReturned}
      failure={
        <>
          <h1 className="page__title">We couldn&apos;t confirm your purchase</h1>
          <Link className="button" to="/home">
            Back to home
          </Link>
        </>
      }
    />
  );
}

// Back from a subscription checkout (/payment/success?session_id=...): confirmed, the user
// refreshed, then the welcome page of the plan's period.
import { Link } from 'react-router';
import { UPGRADE_ROUTE } from '../../../components/locked-route';
import { PaymentReturn } from '../components/PaymentReturn';
import { checkoutReturned } from '../slice';
import '../upgrade.css';

export function PaymentSuccessPage() {
  return (
    <PaymentReturn
      returned={checkoutReturned}
      failure={
        <>
          <h1 className="page__title">We couldn&apos;t confirm your payment</h1>
          <p>Your membership has not started. You can choose a plan again.</p>
          <Link className="button" to={UPGRADE_ROUTE}>
            Back to the plans
          </Link>
        </>
      }
    />
  );
}

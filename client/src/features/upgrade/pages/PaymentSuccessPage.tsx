// Back from a subscription checkout (/payment/success?session_id=...): confirmed, the user
// refreshed, then the welcome page of the plan's period.
import { UPGRADE_ROUTE } from '../../../components/locked-route';
import { PaymentReturn } from '../components/PaymentReturn';
import { upgradeActions } from '../slice';
import '../upgrade.css';

export function PaymentSuccessPage() {
  return (
    <PaymentReturn
      returned={upgradeActions.checkoutReturned}
      failure={{
        title: "We couldn't confirm your payment",
        note: 'Your membership has not started. You can choose a plan again.',
        back: { to: UPGRADE_ROUTE, label: 'Back to the plans' },
      }}
    />
  );
}

// Back from a single purchase's payment (/product-payment/success?session_id=...): validated,
// then the page it was bought from (final_url) or home.
import { PaymentReturn } from '../components/PaymentReturn';
import { upgradeActions } from '../slice';
import '../upgrade.css';

export function PurchaseSuccessPage() {
  return (
    <PaymentReturn
      returned={upgradeActions.paymentReturned}
      failure={{ title: "We couldn't confirm your purchase", back: { to: '/home', label: 'Back to home' } }}
    />
  );
}

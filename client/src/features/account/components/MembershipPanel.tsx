// My account's membership: plan, price, status and the next charge, with Manage billing (the
// payment provider's own page) or, without a current membership, Upgrade.
import { Link } from 'react-router';
import type { MembershipState, MembershipStatus } from '../../../api/contract';
import { formatDate } from '../../../lib/format';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { manageBillingRequested, membershipRequested, selectMyAccount } from '../my-account-slice';
import { PanelPlaceholder } from './PanelPlaceholder';

export const MEMBERSHIP_FAILED = 'Something went wrong fetching your membership.';

const STATUS_TEXT: Record<MembershipStatus, string> = {
  none: 'Free member',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment due: we are retrying your card',
  cancelling: 'Cancelling at the end of the period',
  lapsed: 'Ended',
};

// A membership bought in an app is billed, and managed, by its store (Manage billing opens it).
const STORE_NAMES: Partial<Record<NonNullable<MembershipState['managed_by']>, string>> = {
  app_store: 'the App Store',
  google_play: 'Google Play',
};

function details(membership: MembershipState): Array<[string, string]> {
  const { plan } = membership;
  const rows: Array<[string, string]> = [['Status', STATUS_TEXT[membership.status]]];
  const store = membership.managed_by ? STORE_NAMES[membership.managed_by] : undefined;
  if (store) rows.push(['Billed by', store]);
  if (plan) {
    rows.unshift(['Plan', plan.name]);
    rows.push(['Price', `${plan.price_text} a ${plan.period === 'yearly' ? 'year' : 'month'}`]);
  }
  // A trial ends with the first charge: one row says it when both dates are the same day.
  const trialEnd = membership.status === 'trialing' ? formatDate(membership.trial_end) : '';
  if (trialEnd && trialEnd !== formatDate(membership.next_billing_date)) {
    rows.push(['Trial ends', trialEnd]);
  }
  if (membership.next_billing_date) rows.push(['Next billing date', formatDate(membership.next_billing_date)]);
  if (membership.status === 'cancelling' && membership.ends_at)
    rows.push(['Pro until', formatDate(membership.ends_at)]);
  if (membership.status === 'lapsed' && membership.ends_at) rows.push(['Ended on', formatDate(membership.ends_at)]);
  return rows;
}

export function MembershipPanel() {
  const dispatch = useAppDispatch();
  const { membership, manageStatus } = useAppSelector(selectMyAccount);
  const { data } = membership;

  if (!data) {
    return <PanelPlaceholder request={membership} message={MEMBERSHIP_FAILED} retry={membershipRequested} button />;
  }

  const current = ['trialing', 'active', 'past_due', 'cancelling'].includes(data.status);
  const opening = manageStatus === 'loading';
  return (
    <div className="membership">
      <p className={`membership__badge membership__badge--${data.status}`}>{current ? 'Pro' : 'Free'}</p>
      <dl className="membership__details">
        {details(data).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="account-actions">
        {data.manageable && (
          <button
            type="button"
            className={current ? 'button' : 'button button--secondary'}
            disabled={opening}
            aria-busy={opening}
            onClick={() => dispatch(manageBillingRequested())}
          >
            Manage billing
          </button>
        )}
        {!current && (
          <Link className="button" to="/upgrade-account">
            Upgrade
          </Link>
        )}
      </div>
    </div>
  );
}

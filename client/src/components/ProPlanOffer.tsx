// The Pro plans in one sentence, with their prices as the BFF serves them and the free trial:
// what a locked item's page and the masterclass offer to a visitor or a free member.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../state/store-hooks';
import { plansToShow } from '../lib/plans';
import { pricePerPeriod, yearlySaving } from '../lib/prices';
import { selectIsSignedIn } from '../state/auth-slice';
import { plansRequested, selectPlans } from '../state/plans-slice';
import { UPGRADE_ROUTE } from './locked-route';

/** 'Pro Monthly $9.99 a month or Pro Yearly $99.99 a year (you save $19.89)'; null without
 * plans. Visitors see USD prices only, as on the plan cards. */
export function usePlanSummary(): { text: string; trialDays: number } | null {
  const dispatch = useAppDispatch();
  const plans = useAppSelector(selectPlans);
  const signedIn = useAppSelector(selectIsSignedIn);
  useEffect(() => {
    if (plans.status === 'idle') dispatch(plansRequested());
  }, [dispatch, plans.status]);
  const shown = plansToShow(plans.data ?? []).filter((plan) => signedIn || plan.currency === 'USD');
  const monthly = shown.find((plan) => plan.period === 'monthly');
  const yearly = shown.find((plan) => plan.period === 'yearly');
  if (!monthly && !yearly) return null;
  const saving = monthly && yearly ? yearlySaving(yearly, monthly) : null;
  const parts = [
    monthly && `${monthly.name} ${pricePerPeriod(monthly)}`,
    yearly && `${yearly.name} ${pricePerPeriod(yearly)}${saving ? ` (you save ${saving.amount})` : ''}`,
  ].filter(Boolean);
  return { text: parts.join(' or '), trialDays: (monthly ?? yearly)?.trial_days ?? 0 };
}

/** What Pro opens, its plans' prices and its trial, in one paragraph. */
export function ProPlanText({ lead = 'Pro opens every lesson, program, documentary and masterclass episode.' }) {
  const summary = usePlanSummary();
  return (
    <p className="pro-offer">
      {lead}
      {summary && ` ${summary.text}.`}
      {summary && summary.trialDays > 0 && ` The first ${summary.trialDays} days are free; cancel any time.`}
    </p>
  );
}

/** The way to the plans: 'Start your 7-day free trial' when the plans have one. */
export function TrialLink({ className = 'button' }: { className?: string }) {
  const summary = usePlanSummary();
  return (
    <Link className={className} to={UPGRADE_ROUTE}>
      {summary && summary.trialDays > 0 ? `Start your ${summary.trialDays}-day free trial` : 'See the Pro plans'}
    </Link>
  );
}

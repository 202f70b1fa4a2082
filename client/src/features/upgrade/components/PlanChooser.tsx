// The plan toggle (monthly by default) and the plan cards of the chosen period, on the upgrade
// page and in the upgrade overlay. A yearly card says what it saves against twelve monthly
// payments. A Pro member's cards say so, disabled.
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import type { PlanPeriod } from '../../../api/contract';
import { ChoiceButtons } from '../../../components/ChoiceButtons';
import { Loading } from '../../../components/Status';
import { selectIsSignedIn, selectNeedsUpgrade } from '../../../state/auth-slice';
import { plansRequested, selectPlans } from '../../../state/plans-slice';
import {
  ALREADY_PRO,
  DEFAULT_PERIOD,
  NO_PLANS,
  PERIODS,
  plansOfPeriod,
  plansToShow,
  shownPrice,
} from '../../../lib/plans';
import { yearlySaving } from '../../../lib/prices';
import { selectUpgrade, upgradeActions } from '../slice';

export function PlanChooser() {
  const dispatch = useAppDispatch();
  const { checkoutStatus } = useAppSelector(selectUpgrade);
  const plansRequest = useAppSelector(selectPlans);
  const plans = plansRequest.data ?? [];
  const signedIn = useAppSelector(selectIsSignedIn);
  const needsUpgrade = useAppSelector(selectNeedsUpgrade);
  const [period, setPeriod] = useState<PlanPeriod>(DEFAULT_PERIOD);

  useEffect(() => {
    dispatch(plansRequested());
  }, [dispatch]);

  if (plansRequest.status === 'loading' && plans.length === 0) return <Loading label="Loading the plans…" />;
  const offered = plansToShow(plans);
  const shown = plansOfPeriod(offered, period);
  const isPro = signedIn && !needsUpgrade;

  return (
    <div className="plans">
      <ChoiceButtons block="plans" label="Billing period" choices={PERIODS} chosen={period} onChoose={setPeriod} />
      {shown.length === 0 ? (
        <p className="page__notice">{NO_PLANS}</p>
      ) : (
        <ul className="plans__cards">
          {shown.map((plan) => {
            const price = shownPrice(plan, signedIn);
            const monthly = offered.find((other) => other.period === 'monthly' && other.currency === plan.currency);
            const saving = price && plan.period === 'yearly' && monthly ? yearlySaving(plan, monthly) : null;
            return (
              <li key={plan.id} className="plan-card">
                <h3 className="plan-card__name">{plan.name}</h3>
                {price && (
                  <p className="plan-card__price">
                    {price}
                    <span className="plan-card__period"> / {plan.period === 'yearly' ? 'year' : 'month'}</span>
                  </p>
                )}
                {saving && (
                  <p className="plan-card__saving">{`You save ${saving.amount} (${saving.percent}%) against 12 monthly payments`}</p>
                )}
                {plan.subtitle && <p className="plan-card__subtitle">{plan.subtitle}</p>}
                <button
                  type="button"
                  className="button button--block"
                  disabled={isPro || checkoutStatus === 'loading'}
                  onClick={() => dispatch(upgradeActions.planChosen(plan))}
                >
                  {isPro ? ALREADY_PRO : `Choose ${plan.name}`}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

// What the upgrade page shows a Pro member instead of plans to buy: that they are Pro, their plan
// and where it stands (trial, renewal or end), and the ways to start watching.
import { Link } from 'react-router';
import type { User } from '../../../api/contract';
import { CheckIcon } from '../../../components/icons';
import { formatDate } from '../../../lib/format';

type Membership = NonNullable<User['subscription']>;

/** One line on where the membership stands: 'Free trial until March 4, 2027' and the like. */
export function membershipStanding(membership: Membership): string | null {
  const trialEnd = formatDate(membership.trial_end);
  const periodEnd = formatDate(membership.current_period_end);
  if (membership.status === 'trialing' && trialEnd) return `Free trial until ${trialEnd}`;
  if (!periodEnd) return null;
  return membership.cancel_at_period_end ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`;
}

/** 'Pro Monthly · $9.99 / month': the plan's name and what it costs. */
function planLabel(membership: Membership | null): string {
  const { name, period, price_text: price } = membership?.plan ?? {};
  const cost = price && period ? `${price} / ${period === 'yearly' ? 'year' : 'month'}` : null;
  return [name ?? 'Pro membership', cost].filter(Boolean).join(' · ');
}

const START_WATCHING = [
  { to: '/masterclass', label: 'Watch the Masterclass' },
  { to: '/lessons', label: 'Lessons' },
  { to: '/programs', label: 'Chess programs' },
] as const;

export function ProMembership({ user }: { user: User }) {
  const membership = user.subscription;
  const standing = membership ? membershipStanding(membership) : null;
  return (
    <section className="pro-state" aria-labelledby="pro-state-title">
      <CheckIcon className="pro-state__check" />
      <h1 id="pro-state-title" className="page__title">
        You are Pro
      </h1>
      <p className="pro-state__plan">
        <strong>{planLabel(membership)}</strong>
        {standing && <span className="muted"> · {standing}</span>}
      </p>
      <p>Every lesson, program, documentary and the whole Masterclass are yours.</p>
      <ul className="pro-state__links">
        {START_WATCHING.map((link, index) => (
          <li key={link.to}>
            <Link className={`button${index === 0 ? '' : ' button--secondary'}`} to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

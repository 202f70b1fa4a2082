// A locked item's own page (a lesson, program, chapter, episode or video a visitor may not open
// yet), from what its 403 tells (error.item, error.offer): what it is, what is inside, and what
// unlocks it. A visitor is asked to sign up or log in and comes back here; a free member is
// offered Pro with its prices and trial, and the item on its own where it is sold alone.
import { Link, useLocation } from 'react-router';
import type { LockedItem, LockedOffer } from '../api/contract';
import { formatDuration, pluralize } from '../lib/format';
import { useAppSelector } from '../state/store-hooks';
import { formatPrice } from '../lib/prices';
import { selectIsSignedIn } from '../state/auth-slice';
import { BuyButton } from './BuyButton';
import { LockIcon } from './icons';
import { Picture } from './Picture';
import { ProPlanText, TrialLink } from './ProPlanOffer';
import './locked-page.css';

const KIND: Record<LockedItem['kind'], string> = {
  lesson: 'lesson',
  program: 'program',
  program_chapter: 'chapter',
  episode: 'episode',
  video: 'video',
};

/** '4 chapters · 36 min · 3 exercises': what is inside, the parts it has. */
export function insideSummary(item: LockedItem): string {
  const partWord = item.kind === 'program_chapter' ? 'lesson' : 'chapter';
  return [
    item.parts.length > 0 && pluralize(item.parts.length, partWord),
    item.duration && formatDuration(item.duration),
    item.exercise_count ? pluralize(item.exercise_count, 'exercise') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The buy button's words: the item itself, or what a part is sold with. */
function buyLabel(item: LockedItem, offer: LockedOffer): string {
  const price = offer.currentUserPrice ? formatPrice(offer.currentUserPrice) : '';
  if (offer.entity === 'masterclass' && item.kind === 'episode') return `Buy the full masterclass for ${price}`;
  if (offer.entity === 'program' && item.kind === 'program_chapter') return `Buy the program for ${price}`;
  return `Buy for ${price}`;
}

export function LockedPage({ item, offer }: { item: LockedItem; offer: LockedOffer | null }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { pathname } = useLocation();
  const kind = KIND[item.kind];
  const back = encodeURIComponent(pathname);
  const inside = insideSummary(item);
  const byline = [item.teacher?.name, item.level?.label].filter(Boolean).join(' · ');

  return (
    <article className="locked-page" aria-labelledby="locked-page-title">
      <div className="locked-page__media">
        <Picture media={item.picture} formats={['medium', 'small']} className="locked-page__image" priority />
        <span className="locked-page__lock">
          <LockIcon />
          Pro
        </span>
      </div>
      <p className="locked-page__kicker">{[`Pro ${kind}`, item.part_of?.title].filter(Boolean).join(' · ')}</p>
      <h1 id="locked-page-title" className="page__title">
        {item.title}
      </h1>
      {byline && <p className="locked-page__byline">{byline}</p>}
      {item.description && <p className="locked-page__description">{item.description}</p>}
      {(inside || item.parts.length > 0) && (
        <section className="locked-page__inside" aria-labelledby="locked-page-inside">
          <h2 id="locked-page-inside">What’s inside?</h2>
          {inside && <p className="locked-page__summary">{inside}</p>}
          {item.parts.length > 0 && (
            <ol className="locked-page__parts">
              {item.parts.map((part, index) => (
                <li key={index}>
                  <span>{part.title}</span>
                  {part.duration ? (
                    <span className="locked-page__part-time">{formatDuration(part.duration)}</span>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
      <section className="locked-page__unlock" aria-labelledby="locked-page-unlock">
        <h2 id="locked-page-unlock">{`Unlock this ${kind}`}</h2>
        {signedIn ? (
          <ProPlanText />
        ) : (
          <>
            <p>Sign up free or log in: you will come back to this page.</p>
            <ProPlanText />
          </>
        )}
        <div className="locked-page__actions">
          {signedIn ? (
            <>
              <TrialLink />
              {offer && <BuyButton item={offer} label={buyLabel(item, offer)} className="button button--secondary" />}
            </>
          ) : (
            <>
              <Link className="button" to={`/register/email?redirect=${back}`}>
                Sign up
              </Link>
              <Link className="button button--secondary" to={`/login?redirect=${back}`}>
                Log in
              </Link>
            </>
          )}
        </div>
        {!signedIn && offer?.currentUserPrice && (
          <p className="locked-page__note">
            {`Or buy ${offer.entity === 'masterclass' ? 'the full masterclass' : offer.entity === 'program' && item.kind === 'program_chapter' ? 'the program' : 'it'} on its own for ${formatPrice(offer.currentUserPrice)} once you have an account.`}
          </p>
        )}
      </section>
    </article>
  );
}

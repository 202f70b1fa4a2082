// A locked program or video that is for sale, shown to a member in place of its page: buy it on
// its own, or go Pro for everything.
import { Link } from 'react-router';
import type { LockedOffer as Offer } from '../api/contract';
import { BuyButton } from './BuyButton';
import { LockIcon } from './icons';
import { UPGRADE_ROUTE } from './locked-route';
import { Picture } from './Picture';
import './locked-offer.css';

export function LockedOffer({ offer, kind }: { offer: Offer; kind: 'program' | 'video' }) {
  return (
    <section className="locked-offer" aria-labelledby="locked-offer-title">
      <div className="locked-offer__media">
        <Picture media={offer.hero_image} formats={['medium', 'small']} className="locked-offer__image" eager />
        <span className="locked-offer__lock">
          <LockIcon />
        </span>
      </div>
      <h1 id="locked-offer-title" className="page__title">
        {offer.title}
      </h1>
      <p>
        {`This ${kind} is for Pro members. Buy it on its own, or go Pro for every lesson, program and documentary.`}
      </p>
      <div className="locked-offer__actions">
        <BuyButton item={offer} />
        <Link className="button button--secondary" to={UPGRADE_ROUTE}>
          See the plans
        </Link>
      </div>
    </section>
  );
}

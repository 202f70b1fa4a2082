// The upgrade page (/upgrade-account): banner, plans, Learn, Watch and Play, and testimonials; a Pro
// member sees their membership and where to start watching instead, with nothing to buy.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import type { UpgradeFeature } from '../../../api/contract';
import { Picture } from '../../../components/Picture';
import { selectIsSignedIn, selectNeedsUpgrade, selectUser } from '../../../state/auth-slice';
import { PlanChooser } from '../components/PlanChooser';
import { OwnedNote } from '../components/OwnedNote';
import { ProMembership } from '../components/ProMembership';
import { selectUpgrade, upgradeActions } from '../slice';
import '../upgrade.css';

function Feature({ id, feature }: { id: string; feature: UpgradeFeature | null | undefined }) {
  if (!feature) return null;
  return (
    <section className="upgrade-feature" aria-labelledby={id}>
      <Picture media={feature.image} formats={['medium', 'small']} className="upgrade-feature__image" />
      <div>
        <h2 id={id} className="section__title">
          {feature.title}
        </h2>
        {feature.text && <p>{feature.text}</p>}
      </div>
    </section>
  );
}

export function UpgradePage() {
  const dispatch = useAppDispatch();
  const page = useAppSelector(selectUpgrade).page.data;
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const needsUpgrade = useAppSelector(selectNeedsUpgrade);
  const isPro = signedIn && !needsUpgrade;

  useEffect(() => {
    dispatch(upgradeActions.upgradePageRequested());
  }, [dispatch]);

  if (isPro && user) {
    return (
      <div className="upgrade">
        <ProMembership user={user} />
        <Feature id="upgrade-learn" feature={page?.learn} />
        <Feature id="upgrade-watch" feature={page?.watch} />
        <Feature id="upgrade-play" feature={page?.play} />
      </div>
    );
  }

  return (
    <div className="upgrade">
      <section className="upgrade__banner" aria-labelledby="upgrade-title">
        <h1 id="upgrade-title" className="page__title">
          {page?.banner_title ?? 'Become a Pro member'}
        </h1>
        {page?.banner_text && <p>{page.banner_text}</p>}
      </section>
      <section className="section" aria-labelledby="upgrade-plans">
        <h2 id="upgrade-plans" className="section__title">
          Choose your plan
        </h2>
        <OwnedNote />
        <PlanChooser />
      </section>
      <Feature id="upgrade-learn" feature={page?.learn} />
      <Feature id="upgrade-watch" feature={page?.watch} />
      <Feature id="upgrade-play" feature={page?.play} />
      {page?.testimonials && page.testimonials.length > 0 && (
        <section className="section" aria-labelledby="upgrade-testimonials">
          <h2 id="upgrade-testimonials" className="section__title">
            {page.testimonials_title ?? 'What our members say'}
          </h2>
          <ul className="testimonials">
            {page.testimonials.slice(0, 3).map((testimonial) => (
              <li key={testimonial.name}>
                <figure className="testimonial">
                  <blockquote>{testimonial.quote}</blockquote>
                  <figcaption>
                    <Picture
                      media={testimonial.avatar}
                      formats={['thumbnail', 'small']}
                      className="testimonial__avatar"
                      alt=""
                    />
                    <span>
                      <strong>{testimonial.name}</strong>
                      {testimonial.title && <span className="muted"> · {testimonial.title}</span>}
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

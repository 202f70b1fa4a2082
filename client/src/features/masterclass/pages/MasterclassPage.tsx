// The masterclass landing (/masterclass): hero, intro, the unlock (purchase) with its price and
// what Pro includes, chapters with episodes.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { BuyButton } from '../../../components/BuyButton';
import { episodeCard } from '../../../components/cards';
import { CardRow } from '../../../components/CardRow';
import { Picture } from '../../../components/Picture';
import { ProPlanText } from '../../../components/ProPlanOffer';
import { formatPrice } from '../../../lib/prices';
import { ErrorMessage, Loading } from '../../../components/Status';
import { pluralize } from '../../../lib/format';
import { masterclassActions, selectMasterclass, showUnlock } from '../slice';
import './masterclass.css';

export function MasterclassPage() {
  const dispatch = useAppDispatch();
  const { data, status } = useAppSelector(selectMasterclass);

  useEffect(() => {
    dispatch(masterclassActions.masterclassRequested());
  }, [dispatch]);

  if (status === 'failed' && !data) {
    return <ErrorMessage>Something went wrong fetching masterclass chapters.</ErrorMessage>;
  }
  if (!data) return <Loading label="Loading the masterclass…" />;

  return (
    <div className="masterclass">
      <section className="masterclass__hero" aria-labelledby="masterclass-title">
        <Picture media={data.hero_image} formats={['medium', 'small']} className="masterclass__image" priority />
        <div>
          <h1 id="masterclass-title" className="page__title">
            {data.hero_title ?? 'Learn chess with a world champion'}
          </h1>
          {data.intro && <p className="masterclass__intro">{data.intro}</p>}
          {showUnlock(data) && data.iap?.currentUserPrice && (
            <div className="masterclass__unlock">
              <BuyButton
                item={data.iap}
                label={`Unlock the full masterclass for ${formatPrice(data.iap.currentUserPrice)}`}
              />
              <p className="masterclass__unlock-note">One payment, and every episode is yours for good.</p>
              <ProPlanText lead="Pro includes every episode too, with every lesson, program and documentary." />
            </div>
          )}
        </div>
      </section>
      {data.chapters.map((chapter) => (
        <section key={chapter.id} className="section" aria-labelledby={`mc-chapter-${chapter.id}`}>
          <div className="section__head">
            <h2 id={`mc-chapter-${chapter.id}`} className="section__title">
              {chapter.title}
            </h2>
            <span className="section__count">{pluralize(chapter.episodes.length, 'episode')}</span>
          </div>
          {chapter.description && <p>{chapter.description}</p>}
          <CardRow items={chapter.episodes} card={episodeCard} />
        </section>
      ))}
    </div>
  );
}

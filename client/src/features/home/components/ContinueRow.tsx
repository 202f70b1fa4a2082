// Home's 'Continue learning' row: each unfinished item with where the member stopped, a bar of
// how far in they are, and a link that opens it there (the player offers to resume).
import type { ContinueCard, Media } from '../../../api/contract';
import { ContentCard } from '../../../components/ContentCard';
import { metaLine } from '../../../components/cards';
import { Section } from '../../../components/Section';
import { formatDuration } from '../../../lib/format';
import { continueLink } from '../continue-slice';

/** The card's picture: the row's answer carries a URL, with no sizes. */
function picture(card: ContinueCard): Media | null {
  return card.thumbnail ? { url: card.thumbnail, formats: {}, width: null, height: null, alternativeText: null } : null;
}

/** '14 min left', kept on one line. */
function timeLeft(card: ContinueCard): string {
  return `${formatDuration(card.duration - card.position)} left`.replace(/ /g, '\u00a0');
}

export function ContinueRow({ items }: { items: ContinueCard[] }) {
  return (
    <Section id="home-continue" title="Continue learning" className="continue-row">
      <ul className="card-row">
        {items.map((card) => (
          <li key={`${card.type}/${card.id}`}>
            <ContentCard
              to={continueLink(card)}
              title={card.title ?? card.subtitle ?? ''}
              image={picture(card)}
              meta={metaLine(card.subtitle, timeLeft(card))}
              progress={Math.max(card.percent, 1)}
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}

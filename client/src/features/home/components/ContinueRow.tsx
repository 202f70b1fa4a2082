// Home's 'Continue learning' row: each unfinished item with where the member stopped, a bar of
// how far in they are, and a link that opens it there (the player offers to resume); under a
// lesson's or program's card, what comes next in it ("Up next"), when that is not the card itself.
import { Link } from 'react-router';
import type { ContinueCard, Media } from '../../../api/contract';
import { ContentCard } from '../../../components/ContentCard';
import { metaLine } from '../../../components/cards';
import { Section } from '../../../components/Section';
import { formatDuration } from '../../../lib/format';
import { continueLink, upNextLink } from '../continue-slice';

/** The card's picture: the row's answer carries a URL, with no sizes. */
function picture(card: ContinueCard): Media | null {
  return card.thumbnail ? { url: card.thumbnail, formats: {}, width: null, height: null, alternativeText: null } : null;
}

/** Not begun: the next step of a started lesson or program, which the BFF shows as its card. */
function notBegun(card: ContinueCard): boolean {
  return !card.completed && card.position <= 0;
}

/** '14 min left', '14 min' for a video not begun, 'Watched' for one done (its exercise is next);
 * kept on one line. */
function where(card: ContinueCard): string {
  if (card.completed) return 'Watched';
  if (notBegun(card)) return formatDuration(card.duration);
  return `${formatDuration(card.duration - card.position)} left`.replace(/ /g, '\u00a0');
}

/** How far in the bar says: none for a video not begun, a sliver for one just started. */
function barOf(card: ContinueCard): number | null {
  if (card.completed) return 100;
  return notBegun(card) ? null : Math.max(card.percent, 1);
}

function UpNextLink({ card, to }: { card: ContinueCard; to: string }) {
  const next = card.up_next;
  if (!next) return null;
  const exercise = next.kind === 'exercise';
  const title = next.title ?? (exercise ? 'Your move' : 'The next video');
  return (
    <Link className="up-next" to={to} aria-label={`Up next${exercise ? ', an exercise' : ''}: ${title}`}>
      <span className="up-next__label">{exercise ? 'Up next · Exercise' : 'Up next'}</span>
      <span className="up-next__title">{title}</span>
    </Link>
  );
}

export function ContinueRow({ items }: { items: ContinueCard[] }) {
  return (
    <Section id="home-continue" title="Continue learning" className="continue-row">
      <ul className="card-row">
        {items.map((card) => {
          const to = continueLink(card);
          const next = card.up_next ? upNextLink(card.up_next) : null;
          // The card is what comes next (its video): it says so instead of a second link to it.
          const itself = next === to;
          return (
            <li key={`${card.type}/${card.id}`}>
              <ContentCard
                to={to}
                title={card.title ?? card.subtitle ?? ''}
                image={picture(card)}
                meta={
                  itself && notBegun(card) ? (
                    <>
                      <strong className="continue-row__next">Up next</strong> · {metaLine(card.subtitle, where(card))}
                    </>
                  ) : (
                    metaLine(card.subtitle, where(card))
                  )
                }
                progress={barOf(card)}
              />
              {next && !itself && <UpNextLink card={card} to={next} />}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

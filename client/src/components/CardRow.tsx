// A row of cards under a detail (related videos, a chapter's episodes, related lessons): each
// card as its kind shows it (cards.ts); a locked one leads to its page, which says what unlocks it.
import type { CardContent } from './cards';
import type { Figures } from './figures';
import { ContentCard } from './ContentCard';

interface CardRowProps<Item extends { id: number }> {
  items: readonly Item[];
  card: (item: Item) => CardContent;
  /** The member's progress on a card, where the page knows it better than the card's answer. */
  progressOf?: (id: number) => number;
  /** The member's videos watched and exercises solved in a card's item (useCardFigures). */
  figuresOf?: (id: number) => Figures | null | undefined;
}

export function CardRow<Item extends { id: number }>({ items, card, progressOf, figuresOf }: CardRowProps<Item>) {
  return (
    <ul className="card-row">
      {items.map((item) => {
        const content = card(item);
        return (
          <li key={item.id}>
            <ContentCard
              {...content}
              progress={progressOf ? progressOf(item.id) : content.progress}
              figures={figuresOf?.(item.id)}
            />
          </li>
        );
      })}
    </ul>
  );
}

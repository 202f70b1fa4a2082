// A row of cards under a detail (related videos, a chapter's episodes, related lessons): each
// card as its kind shows it (cards.ts); the page says what a tap on a lock does.
import type { CardContent } from './cards';
import type { Figures } from './figures';
import { ContentCard } from './ContentCard';

interface CardRowProps<Item extends { id: number }> {
  items: readonly Item[];
  card: (item: Item) => CardContent;
  onLockedTap: (to: string) => void;
  /** The member's progress on a card, where the page knows it better than the card's answer. */
  progressOf?: (id: number) => number;
  /** The member's videos watched and exercises solved in a card's item (useCardFigures). */
  figuresOf?: (id: number) => Figures | null | undefined;
}

export function CardRow<Item extends { id: number }>({
  items,
  card,
  onLockedTap,
  progressOf,
  figuresOf,
}: CardRowProps<Item>) {
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
              onLockedTap={onLockedTap}
            />
          </li>
        );
      })}
    </ul>
  );
}

// A list page's heading in the editors' words (useListText): hidden, its place kept, until the
// words arrive or fail to, so that the page does not jump.
import type { ListPage } from '../api/contract';
import { useListText } from '../state/hooks';

export function ListHeading({ text, fallback }: { text: keyof ListPage; fallback: string }) {
  const heading = useListText(text, fallback);
  return <h1 className={`page__title${heading.settled ? '' : ' is-pending'}`}>{heading.text}</h1>;
}

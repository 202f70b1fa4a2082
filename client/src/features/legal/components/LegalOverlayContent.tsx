// The terms or privacy text inside its overlay (lazy: keeps the markdown renderer out of the
// first load).
import { LegalContent } from './LegalContent';

export function LegalOverlayContent({ slug }: { slug: string }) {
  return <LegalContent slug={slug} headingOffset={1} />;
}

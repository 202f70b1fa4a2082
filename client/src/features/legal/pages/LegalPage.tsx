// A legal page (/legal/:slug): terms, refund policy, disclaimer, acceptable use, DMCA, privacy,
// cookie policy. Unknown slugs go to the 404 page.
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { applySeo } from '../../../lib/seo';
import { LEGAL_PAGES } from '../../../lib/constants';
import { LegalContent } from '../components/LegalContent';

export function LegalPage() {
  const { slug = '' } = useParams();
  const known = LEGAL_PAGES.find((page) => page.slug === slug);

  useEffect(() => {
    if (known) applySeo({ title: known.label, description: `${known.label} of the chess learning site.` });
  }, [known]);

  if (!known) return <Navigate to="/404" replace />;
  // The page's markdown starts with its own level-one heading.
  return (
    <article className="legal">
      <LegalContent slug={slug} />
    </article>
  );
}

// A legal page's text, loaded by slug (used by the legal routes and the terms/privacy overlays).
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { Markdown } from '../../../components/Markdown';
import { ErrorMessage, Loading } from '../../../components/Status';
import { legalPageRequested, selectLegalPage } from '../slice';

export function LegalContent({ slug, headingOffset = 0 }: { slug: string; headingOffset?: number }) {
  const dispatch = useAppDispatch();
  const entry = useAppSelector(selectLegalPage(slug));

  useEffect(() => {
    dispatch(legalPageRequested(slug));
  }, [dispatch, slug]);

  if (entry?.status === 'failed' && !entry.data) {
    return <ErrorMessage>Something went wrong fetching this page data.</ErrorMessage>;
  }
  if (!entry?.data) return <Loading label="Loading…" />;
  return <Markdown source={entry.data.body ?? ''} className="prose" headingOffset={headingOffset} />;
}

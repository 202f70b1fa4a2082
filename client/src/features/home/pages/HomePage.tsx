// The home page (/home): hero, slideshow, a member's continue-learning row, content sections and
// the app links.
import { useEffect } from 'react';
import { PendingItems, useRevealed } from '../../../components/progressive';
import { SkeletonSections } from '../../../components/SkeletonCards';
import { ErrorState } from '../../../components/Status';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectIsSignedIn } from '../../../session/auth-slice';
import { ContentSection } from '../components/ContentSection';
import { ContinueRow } from '../components/ContinueRow';
import { DailyPuzzleSection } from '../components/DailyPuzzleSection';
import { continueRequested, selectContinue } from '../continue-slice';
import { GetApp } from '../components/GetApp';
import { HomeHero } from '../components/HomeHero';
import { homeRequested, selectHome } from '../slice';
import './home-page.css';

export function HomePage() {
  const dispatch = useAppDispatch();
  const { data, status } = useAppSelector(selectHome);
  const signedIn = useAppSelector(selectIsSignedIn);
  const continueRow = useAppSelector(selectContinue);

  useEffect(() => {
    dispatch(homeRequested());
  }, [dispatch]);

  useEffect(() => {
    if (signedIn) dispatch(continueRequested());
  }, [dispatch, signedIn]);

  // A member's sections wait for their continue-learning row, which comes first, and the row for
  // the sections: the two show together where the skeleton was, so nothing moves under the eye.
  const rowPending = signedIn && continueRow.data === null && continueRow.status !== 'failed';
  const continueItems = signedIn ? (continueRow.data ?? []) : [];
  const sections = rowPending ? [] : (data?.sections ?? []);
  // The first two sections fill a phone's first screen; the others follow one a task.
  const shownSections = useRevealed(sections.length, 2, 1);

  return (
    <div className="home">
      <HomeHero data={data} status={status} />

      {((!data && status !== 'failed') || (data && rowPending)) && (
        <SkeletonSections label="Loading the home page…" count={3} />
      )}

      {data && !rowPending && continueItems.length > 0 && <ContinueRow items={continueItems} />}
      {!data && status === 'failed' && (
        <ErrorState message="Something went wrong fetching this page data." onRetry={() => dispatch(homeRequested())} />
      )}

      {sections.slice(0, shownSections).map((item, index) => (
        <ContentSection
          key={`${item.target_type}-${index}`}
          item={item}
          index={index}
          sections={sections}
          watchTitle={data?.watch_title}
        />
      ))}
      {shownSections < sections.length && <PendingItems as="div" />}

      {data && <DailyPuzzleSection />}
      {data && <GetApp data={data} />}
    </div>
  );
}

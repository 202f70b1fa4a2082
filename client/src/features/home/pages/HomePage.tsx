// The home page (/home). A visitor: hero, slideshow, content sections, the daily puzzle and the
// app links. A member starts where they left off: a greeting, what is due for review (when
// something is), 'Continue learning' and the daily puzzle above the hero. Their first screen
// waits, as one skeleton, until the home data, their review, their row and the day's puzzle are
// settled, then shows in its final order: nothing moves under the eye as the answers come
// (client/README.md: Home).
import { useEffect } from 'react';
import type { HomeSection } from '../../../api/contract';
import { PendingItems, useRevealed } from '../../../components/progressive';
import { SkeletonSections } from '../../../components/SkeletonCards';
import { ErrorState } from '../../../components/Status';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { selectIsSignedIn, selectUser } from '../../../state/auth-slice';
import { dailyRequested, selectDailyPuzzle } from '../../../state/puzzles/standing-slice';
import { ContentSection } from '../components/ContentSection';
import { ContinueRow } from '../components/ContinueRow';
import { ReviewDueCard } from '../components/ReviewDueCard';
import { useReviewSummary } from '../../../components/review/use-review';
import { DailyPuzzleSection } from '../components/DailyPuzzleSection';
import { continueRequested, selectContinue } from '../continue-slice';
import { GetApp } from '../components/GetApp';
import { HomeHero } from '../components/HomeHero';
import { homeRequested, selectHome } from '../slice';
import './home-page.css';

const settled = (request: { data: unknown; status: string }) => request.data !== null || request.status === 'failed';

export function HomePage() {
  const dispatch = useAppDispatch();
  const { data, status } = useAppSelector(selectHome);
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectUser);
  const continueRow = useAppSelector(selectContinue);
  const daily = useAppSelector(selectDailyPuzzle);
  // What is due for review: a member's card above their row, none for guests.
  const review = useReviewSummary(signedIn);

  useEffect(() => {
    dispatch(homeRequested());
    dispatch(dailyRequested());
  }, [dispatch]);

  useEffect(() => {
    if (signedIn) dispatch(continueRequested());
  }, [dispatch, signedIn]);

  // A member's page shows once its top is known (row and puzzle), with the home data.
  const reviewSettled = review.status === 'succeeded' || review.status === 'failed';
  const memberPending =
    signedIn && (!settled(continueRow) || !settled(daily) || !reviewSettled || (!data && status !== 'failed'));
  const continueItems = signedIn ? (continueRow.data ?? []) : [];
  const sections = memberPending ? [] : (data?.sections ?? []);
  // The first two sections fill a phone's first screen; the others follow one a task.
  const shownSections = useRevealed(sections.length, 2, 1);
  const failed = !data && status === 'failed' && (
    <ErrorState message="Something went wrong fetching this page data." onRetry={() => dispatch(homeRequested())} />
  );

  if (signedIn) {
    return (
      <div className="home home--member">
        {/* A member's own first screen: the server's (a guest's) gives way to it once it is ready. */}
        <h1 className="home__greeting" data-first-screen="own">
          {user?.firstname ? `Welcome back, ${user.firstname}` : 'Welcome back'}
        </h1>
        {memberPending ? (
          <SkeletonSections label="Loading the home page…" count={3} />
        ) : (
          <>
            <ReviewDueCard summary={review.data} />
            {continueItems.length > 0 && <ContinueRow items={continueItems} />}
            <DailyPuzzleSection />
            <HomeHero data={data} status={status} level={2} />
            {failed}
          </>
        )}
        <Sections sections={sections} shown={shownSections} watchTitle={data?.watch_title} />
        {data && !memberPending && <GetApp data={data} />}
      </div>
    );
  }

  return (
    <div className="home">
      <HomeHero data={data} status={status} />
      {!data && status !== 'failed' && <SkeletonSections label="Loading the home page…" count={3} />}
      {failed}
      <Sections sections={sections} shown={shownSections} watchTitle={data?.watch_title} />
      {data && <DailyPuzzleSection />}
      {data && <GetApp data={data} />}
    </div>
  );
}

function Sections({
  sections,
  shown,
  watchTitle,
}: {
  sections: HomeSection[];
  shown: number;
  watchTitle: string | null | undefined;
}) {
  return (
    <>
      {sections.slice(0, shown).map((item, index) => (
        <ContentSection
          key={`${item.target_type}-${index}`}
          item={item}
          index={index}
          sections={sections}
          watchTitle={watchTitle}
        />
      ))}
      {shown < sections.length && <PendingItems as="div" />}
    </>
  );
}

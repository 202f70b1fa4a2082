// The member's puzzle dashboard on /puzzles: a window of 7, 30 or 90 days, their performance in
// it, their weak and strong themes (each can be trained at once) and "Train my weak themes", which
// mixes puzzles of the weak themes with their others (docs/learning-and-puzzles.md, puzzles).
import { useEffect } from 'react';
import { EmptyState, ErrorState, Loading } from '../../../components/Status';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import {
  DASHBOARD_DAYS,
  type DashboardDays,
  dashboardDaysChosen,
  dashboardRequested,
  selectPuzzleDashboard,
} from '../../../state/puzzles/dashboard-slice';
import { DashboardThemes } from './DashboardThemes';
import './dashboard.css';

export const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

export function DashboardPanel({
  onTrainTheme,
  onTrainWeak,
}: {
  onTrainTheme: (theme: string) => void;
  onTrainWeak: () => void;
}) {
  const dispatch = useAppDispatch();
  const { days, windows } = useAppSelector(selectPuzzleDashboard);
  const shown = windows[String(days)];
  const data = shown?.data ?? null;

  useEffect(() => {
    dispatch(dashboardRequested(String(days)));
  }, [dispatch, days]);

  let body;
  if (!data && shown?.status === 'failed') {
    body = (
      <ErrorState
        message="We couldn't load your dashboard."
        onRetry={() => dispatch(dashboardRequested(String(days)))}
      />
    );
  } else if (!data) {
    body = <Loading inline label="Loading your dashboard…" />;
  } else {
    const { overall } = data;
    body = (
      <>
        <dl className="puzzle-dashboard__overall">
          <div>
            <dt>Performance</dt>
            <dd>{overall.performance ?? '–'}</dd>
          </div>
          <div>
            <dt>Puzzles</dt>
            <dd>{overall.plays}</dd>
          </div>
          <div>
            <dt>Solved</dt>
            <dd>{percent(overall.solved_share)}</dd>
          </div>
        </dl>
        {!data.enough ? (
          <EmptyState message="Play a few puzzles to see your weak themes." />
        ) : (
          <>
            {data.weak.length > 0 && (
              <button type="button" className="button puzzle-dashboard__train" onClick={onTrainWeak}>
                Train my weak themes
              </button>
            )}
            <DashboardThemes
              title="Weak themes"
              themes={data.weak}
              empty="No weak theme in this period: well played."
              onTrain={onTrainTheme}
            />
            <DashboardThemes
              title="Strong themes"
              themes={data.strong}
              empty="No theme stands out yet."
              onTrain={onTrainTheme}
            />
          </>
        )}
      </>
    );
  }

  return (
    <section
      className="puzzle-dashboard"
      aria-labelledby="puzzle-dashboard-title"
      aria-busy={shown?.status === 'loading'}
    >
      <div className="puzzle-dashboard__head">
        <h2 id="puzzle-dashboard-title" className="puzzle-dashboard__title">
          Dashboard
        </h2>
        <div className="puzzle-dashboard__days" role="group" aria-label="Period">
          {DASHBOARD_DAYS.map((each: DashboardDays) => (
            <button
              key={each}
              type="button"
              className="puzzle-dashboard__day"
              aria-pressed={each === days}
              onClick={() => dispatch(dashboardDaysChosen(each))}
            >
              {each} days
            </button>
          ))}
        </div>
      </div>
      {body}
    </section>
  );
}

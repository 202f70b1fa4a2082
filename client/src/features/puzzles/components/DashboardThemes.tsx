// One list of the dashboard's themes (weak or strong): each with its plays, solved share and
// performance, and a button that trains it.
import { useId } from 'react';
import type { PuzzleDashboardTheme } from '../../../api/contract';

const share = (value: number) => `${Math.round(value * 100)}%`;

export function DashboardThemes({
  title,
  themes,
  empty,
  onTrain,
}: {
  title: string;
  themes: PuzzleDashboardTheme[];
  empty: string;
  onTrain: (theme: string) => void;
}) {
  const id = useId();
  return (
    <section className="puzzle-dashboard__list" aria-labelledby={id}>
      <h3 id={id} className="puzzle-dashboard__subtitle">
        {title}
      </h3>
      {themes.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="dashboard-themes">
          {themes.map((theme) => (
            <li key={theme.theme} className="dashboard-themes__row">
              <div className="dashboard-themes__what">
                <span className="dashboard-themes__name">{theme.name}</span>
                <span className="dashboard-themes__figures">
                  {theme.plays} played · {share(theme.solved_share)} solved · performance {theme.performance}
                </span>
              </div>
              <button
                type="button"
                className="button button--secondary dashboard-themes__train"
                aria-label={`Train ${theme.name}`}
                onClick={() => onTrain(theme.theme)}
              >
                Train
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

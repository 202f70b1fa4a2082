// The Filter button and its panel: three criteria, each listing its items; a tap toggles an
// item, Reset clears all three, View results applies the choice and closes the panel.
import { useState } from 'react';
import { ChoiceButtons } from './ChoiceButtons';
import { clearFilters, type Filters, toggleFilter } from '../lib/filter-rules';
import './list-controls.css';
import { ControlButton } from './ControlButton';

export interface FilterCriterion<Key extends string> {
  key: Key;
  label: string;
  options: { id: number; label: string }[];
}

interface FilterPanelProps<Key extends string> {
  criteria: FilterCriterion<Key>[];
  applied: Filters<Key>;
  onApply: (filters: Filters<Key>) => void;
}

export function FilterPanel<Key extends string>({ criteria, applied, onApply }: FilterPanelProps<Key>) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(applied);
  const [active, setActive] = useState<Key | null>(null);
  const activeCriterion = criteria.find((criterion) => criterion.key === active);
  const count = Object.values<number | null>(applied).filter((value) => value !== null).length;

  function toggleOpen() {
    if (!open) {
      setDraft(applied);
      setActive(null);
    }
    setOpen(!open);
  }

  return (
    <div className="filter">
      <ControlButton controls="filter-panel" open={open} onToggle={toggleOpen}>
        Filter{count > 0 ? ` (${count})` : ''}
      </ControlButton>
      {open && (
        <div id="filter-panel" className="filter__panel" role="region" aria-label="Filters">
          <ChoiceButtons
            block="filter"
            label="Criteria"
            choices={criteria}
            chosen={active}
            onChoose={(key) => setActive(active === key ? null : key)}
            after={(criterion) =>
              draft[criterion.key] !== null && <span className="filter__dot" aria-label=" (1 chosen)" />
            }
          />
          {activeCriterion && (
            <ul className="filter__items" aria-label={activeCriterion.label}>
              {activeCriterion.options.map((option) => (
                <li key={option.id}>
                  <button
                    type="button"
                    className="filter__item"
                    aria-pressed={draft[activeCriterion.key] === option.id}
                    onClick={() => setDraft(toggleFilter(draft, activeCriterion.key, option.id))}
                  >
                    {option.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="filter__actions">
            <button type="button" className="control-button" onClick={() => setDraft(clearFilters(draft))}>
              Reset
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                onApply(draft);
                setOpen(false);
              }}
            >
              View results
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

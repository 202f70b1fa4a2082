// The search screen (/search?q=...): results as the member types, grouped by kind, best group
// first. The address holds the words, so a reload or Back brings the same search back; arrow keys
// move between the field and the results, Enter opens one.
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SearchResult } from '../../../api/contract';
import { LockIcon } from '../../../components/icons';
import { Picture } from '../../../components/Picture';
import { EmptyState, ErrorState } from '../../../components/Status';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { searchRetried, searchTyped, selectSearch } from '../slice';
import '../search.css';

const GROUPS: Record<SearchResult['type'], string> = {
  lesson: 'Lessons',
  program: 'Programs',
  article: 'Articles',
  video: 'Videos',
  episode: 'Masterclass',
};

/** The results in groups of one kind, each group where its best result ranks. */
export function groupResults(results: SearchResult[]): [SearchResult['type'], SearchResult[]][] {
  const groups = new Map<SearchResult['type'], SearchResult[]>();
  for (const result of results) {
    const group = groups.get(result.type) ?? [];
    group.push(result);
    groups.set(result.type, group);
  }
  return [...groups.entries()];
}

function ResultLink({ result }: { result: SearchResult }) {
  return (
    <Link className="search-result" to={result.path}>
      <Picture className="search-result__image" media={result.image} formats={['thumbnail', 'small']} alt="" />
      <span className="search-result__text">
        <span className="search-result__title">{result.title}</span>
        {(result.people || result.summary) && (
          <span className="search-result__meta">{result.people ?? result.summary}</span>
        )}
      </span>
      {result.locked && (
        <span className="search-result__lock">
          <LockIcon />
          <span className="visually-hidden">Pro</span>
        </span>
      )}
    </Link>
  );
}

/** Up and down arrows step through the field and the result links. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>('input[type="search"], .search-result')];
  const at = stops.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  const next = stops[at + (event.key === 'ArrowDown' ? 1 : -1)];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

export function SearchPage() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const inAddress = params.get('q') ?? '';
  const { query, results, answered, status } = useAppSelector(selectSearch);
  const field = useRef<HTMLInputElement>(null);

  // The address is what is searched and what the field shows: typing writes it, and a reload,
  // Back or a link reads it.
  useEffect(() => {
    if (inAddress !== query) dispatch(searchTyped(inAddress));
    // Only a change of the address asks again (the store's query follows it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inAddress, dispatch]);

  useEffect(() => {
    if (!inAddress) field.current?.focus();
    // On arrival only: a search to start gets the keyboard.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const type = (value: string) => {
    // One history entry for the whole search, not one per letter.
    setParams(value ? { q: value } : {}, { replace: true });
  };

  const searching = query.trim() !== '';
  const groups = searching ? groupResults(results) : [];
  return (
    <div className="page search-page" onKeyDown={moveFocus}>
      <h1 className="page__title">Search</h1>
      <form className="search-form" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="search-field" className="search-form__label">
          Search lessons, programs, articles and videos
        </label>
        <input
          ref={field}
          id="search-field"
          className="search-form__field"
          type="search"
          value={inAddress}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          placeholder="Philidor, endgames…"
          onChange={(event) => type(event.target.value)}
        />
      </form>
      <p className="visually-hidden" role="status">
        {status === 'succeeded' && searching ? `${results.length} results for ${answered}` : ''}
      </p>
      {status === 'failed' && searching && (
        <ErrorState message="Search is not answering right now." onRetry={() => dispatch(searchRetried())} />
      )}
      {status === 'succeeded' && searching && results.length === 0 && (
        <EmptyState message={`No results for “${answered}”`} />
      )}
      {status === 'loading' && results.length === 0 && <p className="search-page__hint">Searching…</p>}
      {!searching && (
        <p className="search-page__hint">
          Find lessons, programs, articles, videos and masterclass episodes by title, teacher or topic.
        </p>
      )}
      {status !== 'failed' &&
        groups.map(([kind, found]) => (
          <section key={kind} className="search-group" aria-labelledby={`search-group-${kind}`}>
            <h2 id={`search-group-${kind}`} className="search-group__title">
              {GROUPS[kind]}
            </h2>
            <ul className="search-results">
              {found.map((result) => (
                <li key={`${result.type}:${result.id}`}>
                  <ResultLink result={result} />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

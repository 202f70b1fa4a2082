// The Load more button under a paged list: it asks for the next page.
export function LoadMore({ onClick }: { onClick: () => void }) {
  return (
    <div className="load-more">
      <button type="button" className="button" onClick={onClick}>
        Load more
      </button>
    </div>
  );
}

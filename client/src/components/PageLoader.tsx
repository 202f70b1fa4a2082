// Shown while a page's code loads: announced politely to screen readers.
export function PageLoader() {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading page…</span>
    </div>
  );
}

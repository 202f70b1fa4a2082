// Shown while a page's code or data loads: announced politely to screen readers. In the page it
// holds the rest of the screen (layout.css), so that the footer is not pushed down when the
// content arrives; `inline` is for a loader under content already there (Load more).
export function PageLoader({ label = 'Loading page…', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div className={`page-loader${inline ? ' page-loader--inline' : ''}`} role="status" aria-live="polite">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

// Shown while a page's code or data loads: announced politely to screen readers.
export function PageLoader({ label = 'Loading page…' }: { label?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

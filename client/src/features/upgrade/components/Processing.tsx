// 'Processing your request' with a spinner, while a payment is confirmed.
export function Processing() {
  return (
    <div className="processing" role="status" aria-live="polite">
      <span className="page-loader__spinner" aria-hidden="true" />
      <p className="processing__text">Processing your request</p>
    </div>
  );
}

// Loading and error states shared by the screens.
import { PageLoader } from './PageLoader';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return <PageLoader label={label} />;
}

export function ErrorMessage({ children }: { children: string }) {
  return (
    <p className="error-message" role="alert">
      {children}
    </p>
  );
}

// Loading and error states shared by the screens.
import { PageLoader } from './PageLoader';

export function Loading({ label = 'Loading…', inline = false }: { label?: string; inline?: boolean }) {
  return <PageLoader label={label} inline={inline} />;
}

export function ErrorMessage({ children }: { children: string }) {
  return (
    <p className="error-message" role="alert">
      {children}
    </p>
  );
}

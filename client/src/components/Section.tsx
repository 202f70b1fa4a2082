// A titled page section with an optional "see all" link.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface SectionProps {
  id: string;
  title: string;
  link?: { to: string; label: string } | null;
  children: ReactNode;
  level?: 2 | 3;
  className?: string;
}

export function Section({ id, title, link, children, level = 2, className }: SectionProps) {
  const Heading = `h${level}` as const;
  return (
    <section className={className ? `section ${className}` : 'section'} aria-labelledby={id}>
      <div className="section__head">
        <Heading id={id} className="section__title">
          {title}
        </Heading>
        {link && (
          <Link className="section__link" to={link.to}>
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';

interface ProfileSectionCardProps {
  id: string;
  title: string;
  /** undefined: the section has no 'Completed' tick. */
  completed?: boolean;
  children: ReactNode;
}

export function ProfileSectionCard({ id, title, completed, children }: ProfileSectionCardProps) {
  return (
    <section className="card vp-section" aria-labelledby={`${id}-title`}>
      <header className="vp-section-header">
        <h2 id={`${id}-title`}>{title}</h2>
        {completed && (
          <span className="vp-completed">
            <span aria-hidden="true">✓</span>
            <span>Completed</span>
          </span>
        )}
      </header>
      {children}
    </section>
  );
}

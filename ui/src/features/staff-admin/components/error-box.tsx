import type { ReactNode } from 'react';

/** A screen that could not load: a title and what went wrong. */
export function ErrorBox({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <section className="card sa-notice" role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      {children}
    </section>
  );
}

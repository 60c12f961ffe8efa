/** Stands in for a screen that a later issue builds, so the route and its guard already work. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <section className="page">
      <h1>{title}</h1>
    </section>
  );
}

/** The public gallery of a load's photos; its content arrives with the load documents issue. */
export function PhotoGalleryPage() {
  return (
    <section className="page">
      <h1>Photo Gallery</h1>
    </section>
  );
}

import { ACCESS_DENIED } from '../utils/staff-admin-messages';

/** What a screen shows a user it refuses (also when the API answers 403). */
export function AccessDenied({ message }: { message: string }) {
  return (
    <section className="card sa-notice" role="alert">
      <h1>{ACCESS_DENIED}</h1>
      <p>{message}</p>
    </section>
  );
}

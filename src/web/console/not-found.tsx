import { Link } from 'wouter';

/** What a missing workspace or bot (or one of a workspace the viewer is not in) shows: the same words either way. */
export function NotFound({ what }: { what: string }) {
  return (
    <section className="not-found">
      <h1>Not found</h1>
      <p>This {what} does not exist, or you are not a member of its workspace.</p>
      <Link href="~/app">Back to your bots</Link>
    </section>
  );
}

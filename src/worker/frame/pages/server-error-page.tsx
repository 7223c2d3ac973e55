import { useHref } from '#ui/state/market-context.ts';
/** Shown when a request fails before anything was sent; never includes error details. */
export function ServerErrorPage({ requestId }: { requestId: string }) {
  const to = useHref();
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-stone-700">
        We couldn't load this page. Please try again in a moment. If it keeps happening, contact us and quote reference{' '}
        <code>{requestId}</code>.
      </p>
      <a href={to('/')} className="btn btn-primary mt-8 inline-block">
        Back to Home
      </a>
    </section>
  );
}

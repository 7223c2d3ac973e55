import type { ReactNode } from 'react';
import { useHref } from '#ui/state/market-context.ts';

/** The short pages of a back-in-stock request: one heading, what happened, and the one next step. */
export function AlertPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20">
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-4 flex flex-col gap-4 text-stone-800">{children}</div>
    </section>
  );
}

/** A link back to the product (in the page's market). */
export function ProductLink({ path, name }: { path: string; name: string }) {
  const to = useHref();
  return (
    <p>
      <a href={to(path)} className="font-semibold text-red-800 underline">
        Back to {name}
      </a>
    </p>
  );
}

/** The confirm and unsubscribe links lead to a button (a POST): mail scanners that open links change nothing. */
export function ActionButton({ action, label }: { action: string; label: string }) {
  const to = useHref();
  return (
    <form method="post" action={to(action)}>
      <button type="submit" className="btn btn-primary">
        {label}
      </button>
    </form>
  );
}

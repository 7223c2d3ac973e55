import { shopTime } from '#shared/policy/shop-time.ts';
import { Children, cloneElement, isValidElement, type ReactNode } from 'react';
import { newFormToken } from '#worker/admin/form-once.ts';

/** The back office's building blocks: sections, tables that scroll sideways on a phone, labelled fields. */

export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * A table with its header row. On a phone (under 640 px) each row becomes a card: every cell on its
 * own line, named by its column (the header's words, given to each cell here as `data-label`), so
 * nothing is cut off or scrolled sideways. Wider, it scrolls inside its box if it must, never the page
 * (the box takes focus, so a keyboard can scroll it too).
 */
export function Table({ caption, head, children }: { caption: string; head: readonly string[]; children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
    <section className="overflow-x-auto" aria-label={caption} tabIndex={0}>
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:sr-only">
          <tr className="border-b border-stone-300">
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-1 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200 max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:divide-y-0">
          {labelled(children, head)}
        </tbody>
      </table>
    </section>
  );
}

const tableClass = [
  'w-full border-collapse text-left text-sm sm:min-w-max max-sm:block',
  // A row as a card; a cell as "Label  value", the value wrapping (long addresses break anywhere).
  'max-sm:[&_tr]:block max-sm:[&_tr]:rounded-md max-sm:[&_tr]:border max-sm:[&_tr]:border-stone-300 max-sm:[&_tr]:p-2',
  'max-sm:[&_td]:grid max-sm:[&_td]:grid-cols-[7.5rem_minmax(0,1fr)] max-sm:[&_td]:gap-x-2 max-sm:[&_td]:px-0 max-sm:[&_td]:[overflow-wrap:anywhere]',
  'max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:text-stone-700 max-sm:[&_td]:before:content-[attr(data-label)]',
].join(' ');

/** Each row's cells named by their column, for the phone's cards (rows are <tr> elements of <td> cells). */
function labelled(rows: ReactNode, head: readonly string[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row)) return row;
    let column = 0;
    const cells = Children.map(row.props.children, (td) =>
      isValidElement<Record<string, unknown>>(td) ? cloneElement(td, { 'data-label': head[column++] }) : td,
    );
    return cloneElement(row, {}, cells);
  });
}

export const cell = 'px-2 py-1 align-top';

/** Every back-office form's one-time token: its second post changes nothing (admin/form-once.ts). */
export function FormOnce() {
  return <input type="hidden" name="form_token" value={newFormToken()} />;
}

export function Field({
  label,
  name,
  hint,
  ...input
}: { label: string; name: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <input name={name} className="rounded-md border border-stone-400 px-3 py-2 text-base" {...input} />
      {hint && <span className="text-stone-600">{hint}</span>}
    </label>
  );
}

/**
 * A choice from a list. With `choose`, a first empty option that cannot be sent, so nothing looks
 * chosen before the owner chooses (required); with `any`, a first empty option meaning no choice (a filter).
 */
export function Choice({
  label,
  name,
  options,
  choose,
  any,
  defaultValue,
}: {
  label: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  choose?: string;
  any?: string;
  defaultValue?: string;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <select
        name={name}
        required={!any}
        defaultValue={defaultValue ?? ''}
        className="rounded-md border border-stone-400 px-3 py-2 text-base"
      >
        {choose && (
          <option value="" disabled>
            {choose}
          </option>
        )}
        {any && <option value="">{any}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Each card's buttons told apart (Material's and GOV.UK's hierarchy): its one primary action filled
 * dark, a quieter one outlined, and one that moves money or cannot be undone in red.
 */
const TONES = { primary: 'btn-admin-primary', secondary: 'btn-secondary', danger: 'btn-danger' } as const;

export function Submit({ children, tone = 'primary' }: { children: ReactNode; tone?: keyof typeof TONES }) {
  return (
    <button type="submit" className={`btn ${TONES[tone]} self-start`}>
      {children}
    </button>
  );
}

/** Why an action was refused: one per page, at its top, and focused on load (no script) so it is read first. */
export function Problem({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    // An error summary takes focus when the page loads (GOV.UK's pattern): the owner hears it first, with no script.
    // oxlint-disable-next-line jsx-a11y/no-autofocus
    <p role="alert" tabIndex={-1} autoFocus className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900" data-problem>
      {text}
    </p>
  );
}

/** A moment in the shop's time zone, as people read it. */
export const when = shopTime;

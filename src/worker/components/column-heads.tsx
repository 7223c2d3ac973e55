/** A column's heading: its words, and which way its cells line up (left unless said). */
export type ColumnHead = [label: string, align?: 'right' | 'center'];

/** Whole class names, so Tailwind finds them in the source. */
const ALIGN = { right: 'text-right', center: 'text-center' } as const;

/**
 * A printed table's head row (invoice, VAT summary, packing slip): one `th` a column, spaced alike,
 * the last without the gap on its right, headings after the first kept on one line.
 */
export function ColumnHeads({ columns, rule }: { columns: ColumnHead[]; rule: 'thin' | 'thick' }) {
  return (
    <thead>
      <tr className={rule === 'thick' ? 'border-b-2 border-stone-900' : 'border-b border-stone-900'}>
        {columns.map(([label, align], i) => (
          <th
            key={label}
            scope="col"
            className={['py-1', i < columns.length - 1 && 'pr-2', align && ALIGN[align], i > 0 && 'whitespace-nowrap']
              .filter(Boolean)
              .join(' ')}
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

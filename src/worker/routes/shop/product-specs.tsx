import { specRows } from '#shared/catalogue/product.ts';

/** Technical specifications: each 'Label: value' entry as a row, or the generic table when there are none. */
export function ProductSpecs({ specs }: { specs: readonly string[] }) {
  return (
    <section aria-labelledby="specs-heading">
      <h2 id="specs-heading" className="text-2xl font-bold tracking-tight">
        Technical Specifications
      </h2>
      <table className="mt-4 w-full border-collapse overflow-hidden rounded-lg bg-white text-left text-sm shadow-sm">
        <tbody>
          {specRows(specs).map((row) => (
            <tr key={`${row.label}:${row.value}`} className="border-b border-stone-200 last:border-0">
              <th scope="row" className="w-2/5 bg-stone-100 px-4 py-3 font-medium text-stone-800">
                {row.label}
              </th>
              <td className="px-4 py-3 text-stone-900">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

import { plainName } from '#shared/catalogue/product.ts';
import type { recentMoves } from '#worker/stock/stock-queries.ts';
import type { StockRow } from '#worker/stock/stock-actions.ts';
import { cell, Field, FormOnce, Problem, Section, Submit, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';

export interface StockPageData {
  rows: StockRow[];
  moves: Awaited<ReturnType<typeof recentMoves>>;
  problem?: { text: string; fields: Record<string, string> };
}

/** /admin/stock: every product's counts and label, a form to receive or set stock with a note, and the latest moves. */
export function StockPage({ rows, moves, problem, chosen }: StockPageData & { chosen?: number }) {
  const typed = problem?.fields ?? (chosen ? { product_id: String(chosen) } : {});
  return (
    <>
      <Section title="Receive or count stock" id="move">
        <form method="post" action="/admin/stock" className="grid gap-3 sm:grid-cols-2">
          <FormOnce />
          <div className="sm:col-span-2">
            <Problem text={problem?.text} />
          </div>
          <label className="flex min-w-0 flex-col gap-1 text-sm">
            <span className="font-medium">Product</span>
            <select
              name="product_id"
              required
              defaultValue={typed.product_id ?? ''}
              className="w-full rounded-md border border-stone-400 px-3 py-2 text-base"
            >
              <option value="" disabled>
                Choose a product
              </option>
              {rows.map((r) => (
                <option key={r.id} value={r.id}>{`${r.id} ${r.name}`}</option>
              ))}
            </select>
          </label>
          <fieldset className="flex flex-col gap-1 text-sm">
            <legend className="font-medium">What happened</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="action" value="add" defaultChecked={typed.action !== 'set'} /> Received (adds to on hand)
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="action" value="set" defaultChecked={typed.action === 'set'} /> Counted (sets on hand)
            </label>
          </fieldset>
          <Field
            label="Units"
            name="quantity"
            type="number"
            inputMode="numeric"
            required
            min={0}
            max={1_000_000}
            defaultValue={typed.quantity}
          />
          <Field label="Note" name="note" maxLength={500} defaultValue={typed.note} placeholder="Delivery from supplier, stock count…" />
          <div className="sm:col-span-2">
            <Submit>Save</Submit>
          </div>
        </form>
      </Section>
      <Section title="Stock" id="stock">
        <Table caption="Every product's stock" head={['Product', 'On hand', 'Held', 'Available', 'Waiting', 'Label']}>
          {rows.map((r) => (
            <tr key={r.id} data-stock-row={r.id}>
              <td className={cell}>{`${r.id} ${r.name}${r.listed ? '' : ' (unlisted)'}`}</td>
              <td className={cell}>{r.onHand}</td>
              <td className={cell}>{r.reserved}</td>
              <td className={cell}>{r.available}</td>
              <td className={cell}>{r.waiting}</td>
              <td className={cell}>{`${r.level}${r.oversold > 0 ? ` (oversold by ${r.oversold})` : ''}`}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section title="Recent moves" id="moves">
        {moves.length === 0 ? (
          <p>No moves yet.</p>
        ) : (
          <Table caption="The latest stock moves, newest first" head={['When', 'Product', 'Change', 'Why', 'Note', 'By']}>
            {moves.map((m) => (
              <tr key={m.id} data-stock-move={m.id}>
                <td className={cell}>{when(m.at)}</td>
                <td className={cell}>{`${m.productId} ${m.name ? plainName(m.name) : ''}`}</td>
                <td className={cell}>{m.change > 0 ? `+${m.change}` : m.change}</td>
                <td className={cell}>{`${m.reason}${m.orderNumber ? ` ${m.orderNumber}` : ''}`}</td>
                <td className={cell}>{m.note ?? ''}</td>
                <td className={cell}>{m.actor ?? 'shop'}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </>
  );
}

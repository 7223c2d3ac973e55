import { formOfFields, fieldsOfProduct } from '#shared/catalogue/product-fields.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { formatMoney } from '#shared/money.ts';
import type { productForEditing } from '#worker/catalogue-editing/product-edits.ts';
import type { StockRow } from '#worker/stock/stock-actions.ts';
import { cell, FormOnce, Section, Submit, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';
import { ChangeHistory } from '#worker/routes/admin-frame/change-history.tsx';
import { ProductForm } from './product-form.tsx';

type Editing = Awaited<ReturnType<typeof productForEditing>>;

/** /admin/catalogue: every product, listed or not, with its price and stock, each with its page; and a new one. */
export function CataloguePage({
  rows,
}: {
  rows: ReadonlyArray<{ id: number; name: string; listed: boolean; gbp: number; stock?: StockRow }>;
}) {
  return (
    <>
      <p>
        <a href="/admin/catalogue/new" className="btn btn-admin-primary">
          Add a product
        </a>
      </p>
      <Section title="Products" id="products">
        <Table caption="Every product, by number" head={['Product', 'Price (GBP)', 'Available', 'On the shop']}>
          {rows.map((r) => (
            <tr key={r.id} data-catalogue-product={r.id}>
              <td className={cell}>
                <a href={`/admin/catalogue/${r.id}`} className="underline">{`${r.id} ${plainName(r.name)}`}</a>
              </td>
              <td className={cell}>{formatMoney(r.gbp, 'GBP')}</td>
              <td className={cell}>{r.stock ? `${r.stock.available} (${r.stock.level})` : '—'}</td>
              <td className={cell}>{r.listed ? 'Listed' : 'Unlisted'}</td>
            </tr>
          ))}
        </Table>
      </Section>
    </>
  );
}

/** A product's page: its form, whether it is on the shop, and its history (who, when, before and after; one undone). */
export function ProductPage({ editing, problem, typed }: { editing: Editing; problem?: string; typed?: Record<string, string> }) {
  const { row, history } = editing;
  const values = typed ?? formOfFields(fieldsOfProduct(row.doc), row.doc.description);
  return (
    <>
      <p>
        <a href={`/product/${row.id}/${row.slug}`} className="underline">
          Its page on the shop
        </a>
        {row.editedBy && ` · last changed here by ${row.editedBy}, ${when(row.editedAt!)}`}
      </p>
      <ProductForm action={`/admin/catalogue/${row.id}`} values={values} version={row.version} problem={problem} submit="Save" />
      <Section title={row.listed ? 'On the shop' : 'Off the shop'} id="listing">
        <form method="post" action={`/admin/catalogue/${row.id}/listed`}>
          <FormOnce />
          <input type="hidden" name="version" value={row.version} />
          <input type="hidden" name="listed" value={row.listed ? 'no' : 'yes'} />
          <p className="mb-2">
            {row.listed
              ? 'Unlisting takes it off the shop: its page answers 404 and carts drop it; its orders keep it. Nothing is deleted.'
              : 'It is off the shop. Listing puts it back.'}
          </p>
          <Submit tone="secondary">{row.listed ? 'Unlist' : 'List again'}</Submit>
        </form>
      </Section>
      <ChangeHistory
        history={history}
        undoAction={(change) => `/admin/catalogue/${row.id}/undo/${change}`}
        version={row.version}
        none="No change made here yet: it is as its file says."
      />
    </>
  );
}

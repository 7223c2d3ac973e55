import type { Context } from 'hono';
import { PostalAddress } from '#worker/components/postal-address.tsx';
import { marketOfStored, type Market } from '#shared/market/market.ts';
import { formatMinor } from '#shared/money.ts';
import { INVOICED_STATUSES, invoiceNumberText, invoiceVat, sellerOf, type VatRow } from '#shared/orders/invoice.ts';
import { orderTotalRows, type OrderAmounts } from '#shared/orders/order-totals.ts';
import { formatMarketDate } from '#shared/site/dates.ts';
import { shortPage } from '#worker/frame/pages/short-page.tsx';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { addressLines } from '#shared/orders/address-lines.ts';
import { orderAmounts } from '#worker/orders/order-queries.ts';
import { issueInvoice } from '#worker/invoices/issue-invoice.ts';
import { orderSteps } from '#worker/orders/order-steps.ts';
import type { PageHead } from '#worker/render/head.ts';
import { ColumnHeads } from '#worker/components/column-heads.tsx';
import { visitorOrder } from '#worker/routes/order-holder/visitor-order.ts';

export interface InvoiceData extends OrderAmounts {
  number: string;
  sequence: number;
  issuedAt: string;
  placedAt: string;
  market: Market | null;
  seller: ReturnType<typeof sellerOf>;
  /** VAT per rate; null: the seller has no VAT number there (not a VAT invoice). */
  vat: VatRow[] | null;
  /** The day the sale took place (paid when ordered: the tax point). */
  suppliedAt: string;
  /** Whether the parcel was marked delivered: its address is "Delivered to", else "Deliver to". */
  delivered: boolean;
  buyer: { name: string | null; email: string | null; billing: string[]; shipping: string[] };
  lines: Array<{ name: string; quantity: number; unitAmount: number }>;
  shippingOption: string | null;
  paymentReference: string | null;
  paymentMethod: string | null;
  refunded: number;
}

/**
 * /orders/{number}/invoice: the invoice of a paid order, for whoever holds the order's key (the link in
 * its mail, or the order page's cookie): a page that prints as the document (the site's frame is not
 * printed). Numbered in sequence when first opened. Without the key, the order page's own answer.
 */
export async function load(c: Context<AppEnv>): Promise<InvoiceData | Response> {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  const order = await visitorOrder(c, c.req.path.replace(/\/invoice$/, ''));
  if (!order || !(INVOICED_STATUSES as readonly string[]).includes(order.status))
    return shortPage(c, 404, 'No invoice here', <p>An invoice opens from its order's page once the order is paid.</p>);
  const { settings, db } = c.get('deps');
  const [{ sequence, issuedAt }, steps] = await Promise.all([issueInvoice(db, order.id), orderSteps(db, order.id)]);
  const seller = sellerOf(order.currency, settings);
  return {
    ...orderAmounts(order),
    number: order.number,
    sequence,
    issuedAt,
    placedAt: order.createdAt,
    market: marketOfStored(order.region),
    seller,
    vat: invoiceVat(order, seller, order.shippingAddress?.country ?? null),
    suppliedAt: steps.find((s) => s.kind === 'paid')?.at ?? order.createdAt,
    delivered: steps.some((s) => s.kind === 'delivered'),
    buyer: {
      name: order.name,
      email: order.email,
      billing: addressLines(order.billingAddress ?? null),
      shipping: addressLines(order.shippingAddress ?? null),
    },
    lines: order.lines.map((l) => ({ name: l.name, quantity: l.quantity, unitAmount: l.unitAmount })),
    shippingOption: order.shippingOption,
    paymentReference: order.paymentIntent,
    paymentMethod: order.paymentMethod,
    refunded: order.refunded,
  };
}

export function head({ sequence }: InvoiceData): PageHead {
  const title = `Invoice ${invoiceNumberText(sequence)}`;
  return { title, description: title, robots: 'noindex' };
}

function Address({ title, lines }: { title: string; lines: string[] }) {
  return (
    <section>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-700">{title}</h2>
      <PostalAddress lines={lines} className="mt-1 not-italic" />
    </section>
  );
}

/** VAT per rate (rate, net, VAT), or the words that say the document is not a VAT invoice. */
function VatSummary({ vat, money }: { vat: VatRow[] | null; money: (minor: number) => string }) {
  if (!vat) return <p data-vat-invoice="no">Not a VAT invoice: the seller has no VAT number registered where these goods left from.</p>;
  return (
    <table className="ml-auto w-full max-w-sm border-collapse text-left" data-vat-invoice="yes">
      <caption className="text-left font-semibold">VAT</caption>
      <ColumnHeads rule="thin" columns={[['Rate'], ['Net', 'right'], ['VAT', 'right']]} />
      <tbody>
        {vat.map((row) => (
          <tr key={row.rate}>
            <td className="py-1 pr-2">{`${row.rate}%${row.note ? ` (${row.note})` : ''}`}</td>
            <td className="py-1 pr-2 text-right">{money(row.net)}</td>
            <td className="py-1 text-right">{money(row.vat)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Page(invoice: InvoiceData) {
  const money = (minor: number) => formatMinor(minor, invoice.currency);
  const day = (iso: string) => formatMarketDate(iso, invoice.market);
  const { seller, buyer } = invoice;
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 print:max-w-none print:p-0" data-invoice={invoice.sequence}>
      <header className="flex flex-wrap justify-between gap-6">
        <Address
          title={seller.name}
          lines={[
            ...seller.lines,
            ...(seller.dispatchedFrom ? [`Goods dispatched from ${seller.dispatchedFrom}`] : []),
            ...(seller.vatNumber ? [`VAT number ${seller.vatNumber}`] : []),
            seller.email,
          ]}
        />
        <div className="text-right">
          <h1 className="text-3xl font-bold">{`Invoice ${invoiceNumberText(invoice.sequence)}`}</h1>
          <p>{`Issued ${day(invoice.issuedAt)}`}</p>
          <p>{`Date of supply ${day(invoice.suppliedAt)}`}</p>
          <p>{`Order ${invoice.number}, placed ${day(invoice.placedAt)}`}</p>
        </div>
      </header>
      <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <Address title="Billed to" lines={[...(buyer.name ? [buyer.name] : []), ...buyer.billing, ...(buyer.email ? [buyer.email] : [])]} />
        <Address
          title={invoice.delivered ? 'Delivered to' : 'Deliver to'}
          lines={[...(buyer.name ? [buyer.name] : []), ...buyer.shipping]}
        />
      </div>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">What the order bought</caption>
        <ColumnHeads rule="thick" columns={[['Item'], ['Quantity', 'right'], ['Unit price', 'right'], ['Amount', 'right']]} />
        <tbody className="divide-y divide-stone-300">
          {invoice.lines.map((l, i) => (
            <tr key={i}>
              <td className="py-2 pr-2 break-words">{l.name}</td>
              <td className="py-2 pr-2 text-right">{l.quantity}</td>
              <td className="py-2 pr-2 text-right">{money(l.unitAmount)}</td>
              <td className="py-2 text-right">{money(l.unitAmount * l.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-y-1">
        {orderTotalRows(invoice, invoice.shippingOption).map((row) => [
          <dt key={`${row.kind}-t`} className={row.kind === 'total' ? 'font-bold' : undefined}>
            {row.label}
          </dt>,
          <dd key={`${row.kind}-d`} className={`text-right ${row.kind === 'total' ? 'font-bold' : ''}`} data-invoice-amount={row.kind}>
            {row.value}
          </dd>,
        ])}
        {invoice.refunded > 0 && [
          <dt key="refunded-t">Refunded since</dt>,
          <dd key="refunded-d" className="text-right">{`−${money(invoice.refunded)}`}</dd>,
        ]}
      </dl>
      <VatSummary vat={invoice.vat} money={money} />
      <p>
        {`Paid in ${invoice.currency}${invoice.paymentMethod ? ` with ${invoice.paymentMethod}` : ''} online through Stripe when the order was placed`}
        {invoice.paymentReference ? `, payment reference ${invoice.paymentReference}.` : '.'}
      </p>
      <p className="text-sm text-stone-700 print:hidden">To keep it, print this page or save it as a PDF from your browser's print menu.</p>
    </article>
  );
}

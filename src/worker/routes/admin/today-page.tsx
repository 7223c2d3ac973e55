import { formatMinor } from '#shared/money.ts';
import { buyerText } from '#shared/admin/admin-rules.ts';
import { marketOfRegion } from '#shared/market/market.ts';
import { isRegion } from '#shared/region/region.ts';
import type { OrderStepDetail } from '#shared/timeline/order-timeline.ts';
import type { StockRow } from '#worker/stock/stock-actions.ts';
import { COUNT_CAP } from '#shared/admin/admin-rules.ts';
import { type openDisputes, type ordersToShip, type oversoldLines, type salesOf } from '#worker/order-reads/order-lists.ts';
import type { owedMailNow } from '#worker/jobs/retry-owed-mail.ts';
import type { returnsWaiting } from '#worker/after-sale/return-queries.ts';
import { cell, Section, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';

export interface TodayData {
  toShip: Awaited<ReturnType<typeof ordersToShip>>;
  disputes: Awaited<ReturnType<typeof openDisputes>>;
  mail: Awaited<ReturnType<typeof owedMailNow>>;
  lowStock: StockRow[];
  sales: Awaited<ReturnType<typeof salesOf>>;
  oversold: Awaited<ReturnType<typeof oversoldLines>>;
  returns: Awaited<ReturnType<typeof returnsWaiting>>;
  /** Reviews waiting to be approved or hidden (up to COUNT_CAP). */
  reviews: number;
}

/** Each kind of owed mail as the owner knows it. */
const MAIL_WORDS: Record<keyof TodayData['mail'], string> = {
  contact: 'Contact messages',
  order: 'New-order mails',
  'order step': 'Order updates (payment, shipping, refunds, disputes)',
  'stock alert': 'Back-in-stock mails',
  'checkout reminder': 'Checkout reminders',
  newsletter: 'Digest sign-ups (confirmations, welcome codes)',
  'newsletter post': 'Digest posts to subscribers',
};

const orderLink = (number: string) => (
  <a href={`/admin/orders/${number}`} className="font-mono underline">
    {number}
  </a>
);

const marketName = (region: string | null) => (region && isRegion(region) ? marketOfRegion[region].toUpperCase() : 'Payment links');
const figure = (s: { orders: number; net: number }, currency: TodayData['sales'][number]['currency']) =>
  `${formatMinor(s.net, currency)} (${s.orders} ${s.orders === 1 ? 'order' : 'orders'})`;

/** Today's takings in one line, per currency (pounds, euros and dollars do not add up). */
function SalesToday({ sales }: { sales: TodayData['sales'] }) {
  const byCurrency = new Map<string, { orders: number; net: number }>();
  for (const s of sales) {
    const sum = byCurrency.get(s.currency) ?? { orders: 0, net: 0 };
    byCurrency.set(s.currency, { orders: sum.orders + s.today.orders, net: sum.net + s.today.net });
  }
  const figures = [...byCurrency]
    .filter(([, s]) => s.orders > 0)
    .map(([currency, s]) => figure(s, currency as TodayData['sales'][number]['currency']));
  return (
    <p className="text-lg" data-sales-today>
      {figures.length === 0 ? 'No sales yet today.' : `Sales today: ${figures.join(', ')}.`}
    </p>
  );
}

/** /admin: what needs doing today, each block linking to where it is done. */
export function TodayPage({ toShip, disputes, mail, lowStock, sales, oversold, returns, reviews }: TodayData) {
  const owed = Object.entries(mail).filter(([, m]) => m.owed > 0);
  return (
    <>
      <SalesToday sales={sales} />
      <Section title={`Orders to ship (${toShip.count >= COUNT_CAP ? `${COUNT_CAP}+` : toShip.count})`} id="to-ship">
        {toShip.rows.length === 0 ? (
          <p>Nothing to ship.</p>
        ) : (
          <Table caption="Paid orders not yet shipped, oldest first" head={['Order', 'Placed', 'Total', 'Buyer']}>
            {toShip.rows.map((o) => (
              <tr key={o.number}>
                <td className={cell}>{orderLink(o.number)}</td>
                <td className={cell}>{when(o.createdAt)}</td>
                <td className={cell}>{formatMinor(o.total, o.currency)}</td>
                <td className={cell}>{buyerText(o)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      {oversold.length > 0 && (
        <Section title={`Oversold (${oversold.length})`} id="oversold">
          <p className="mb-2 text-sm">Sold beyond what was there to sell: restock, or tell the customer before you ship.</p>
          <Table caption="Order lines sold short, newest first" head={['Order', 'Placed', 'Product', 'Short']}>
            {oversold.map((l) => (
              <tr key={`${l.number}-${l.name}`}>
                <td className={cell}>{orderLink(l.number)}</td>
                <td className={cell}>{when(l.createdAt)}</td>
                <td className={cell}>{l.name}</td>
                <td className={cell} data-oversold>
                  {l.short}
                </td>
              </tr>
            ))}
          </Table>
        </Section>
      )}
      <Section title={`Open disputes (${disputes.length})`} id="disputes">
        {disputes.length === 0 ? (
          <p>No open disputes.</p>
        ) : (
          <Table
            caption="Disputes not yet closed, with the deadline for evidence"
            head={['Order', 'Opened', 'Amount', 'Reason', 'Evidence due']}
          >
            {disputes.map((d) => {
              const detail: OrderStepDetail = d.detail ?? {};
              return (
                <tr key={`${d.number}-${detail.dispute}`}>
                  <td className={cell}>{orderLink(d.number)}</td>
                  <td className={cell}>{when(d.at)}</td>
                  <td className={cell}>{detail.amount === undefined ? '-' : formatMinor(detail.amount, d.currency)}</td>
                  <td className={cell}>{detail.reason ?? '-'}</td>
                  <td className={cell}>{detail.dueBy ? when(detail.dueBy) : 'see Stripe'}</td>
                </tr>
              );
            })}
          </Table>
        )}
      </Section>
      <Section title={`Returns (${returns.toAnswer + returns.toReceive})`} id="returns">
        <p data-returns-waiting={returns.toAnswer + returns.toReceive}>
          {returns.toAnswer + returns.toReceive === 0
            ? 'No return or warranty requests waiting.'
            : `${returns.toAnswer} to answer, ${returns.toReceive} to receive. `}
          {returns.toAnswer + returns.toReceive > 0 && (
            <a href="/admin/returns" className="underline">
              The requests
            </a>
          )}
        </p>
        {returns.oldest.length > 0 && (
          <ul className="mt-2 flex flex-col gap-1" data-returns-oldest>
            {returns.oldest.map((r) => (
              <li key={r.number}>
                <a href={`/admin/orders/${r.orderNumber}#returns`} className="font-mono underline">
                  {r.orderNumber}
                </a>
                {` ${r.state === 'requested' ? 'to answer' : 'to receive'} (${r.number}, asked ${when(r.createdAt)})`}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={`Reviews (${reviews >= COUNT_CAP ? `${COUNT_CAP}+` : reviews})`} id="reviews">
        <p data-reviews-waiting={reviews}>
          {reviews === 0 ? 'No reviews waiting.' : `${reviews >= COUNT_CAP ? `${COUNT_CAP}+` : reviews} waiting to be approved or hidden. `}
          {reviews > 0 && (
            <a href="/admin/reviews" className="underline">
              The reviews
            </a>
          )}
        </p>
      </Section>
      <Section title="Mail" id="mail">
        {owed.length === 0 ? (
          <p>All mail has gone.</p>
        ) : (
          <ul className="list-disc pl-5">
            {owed.map(([kind, m]) => (
              <li
                key={kind}
              >{`${MAIL_WORDS[kind as keyof TodayData['mail']]}: ${m.owed} waiting to go${m.overdue > 0 ? `, ${m.overdue} failing` : ''}`}</li>
            ))}
          </ul>
        )}
        <p className="mt-2">
          <a href="/admin/mail" className="underline">
            Owed and failed mail
          </a>
        </p>
      </Section>
      <Section title={`Low or out of stock (${lowStock.length})`} id="low-stock">
        {lowStock.length === 0 ? (
          <p>Every listed product is in stock.</p>
        ) : (
          <Table caption="Listed products at Low or Out of Stock" head={['Product', 'Available', 'Label', 'Waiting']}>
            {lowStock.map((p) => (
              <tr key={p.id}>
                <td className={cell}>
                  <a href={`/admin/stock?product=${p.id}#move`} className="underline">{`${p.id} ${p.name}`}</a>
                </td>
                <td className={cell}>{p.available}</td>
                <td className={cell}>{p.level}</td>
                <td className={cell}>{p.waiting}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section title="Sales, today and this week" id="sales">
        {sales.length === 0 ? (
          <p>No sales since Monday.</p>
        ) : (
          <Table
            caption="Paid orders per market, today and since Monday (shop time), refunds taken off"
            head={['Market', 'Today', 'This week']}
          >
            {sales.map((s) => (
              <tr key={`${s.region}-${s.currency}`}>
                <td className={cell}>{`${marketName(s.region)} (${s.currency})`}</td>
                <td className={cell}>{figure(s.today, s.currency)}</td>
                <td className={cell}>{figure(s.week, s.currency)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </>
  );
}

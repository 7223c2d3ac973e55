import { orderKeptUntil, PERSONAL_DATA, personalData, type PersonalDataKind } from '#shared/privacy/personal-data.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';
import type { OrderStepDetail } from '#shared/timeline/order-timeline.ts';
import type { Match, PersonRecords } from './person-records.ts';

/** What a timeline step says to its buyer: never who did it (the owner's address) or the review links' keys. */
function stepFacts(detail: OrderStepDetail | null) {
  if (!detail) return {};
  const { carrier, tracking, url, amount, refunded, reason, outcome, request, wants, answer, code, newCode } = detail;
  return Object.fromEntries(
    Object.entries({ carrier, tracking, url, amount, refunded, reason, outcome, request, wants, answer, code, newCode }).filter(
      ([, v]) => v !== undefined,
    ),
  );
}

const byOrder = <T extends { orderId: number }>(rows: T[], id: number) => rows.filter((r) => r.orderId === id);

/** Where the shop's processors hold more of it, and how that is reached. */
function elsewhere(records: PersonRecords) {
  const paid = records.orders.filter((o) => o.paymentIntent).map((o) => o.paymentIntent!);
  return [
    {
      who: 'Stripe (payments)',
      holds: 'The payments and checkouts of the orders above, with the name, e-mail and addresses given at checkout.',
      references: [...paid, ...records.reminders.map((r) => r.sessionId)],
    },
    {
      who: 'Postmark (e-mail delivery)',
      holds: 'The e-mails we sent to this address (up to 45 days of content, then only their delivery records).',
      references: [],
    },
  ];
}

/**
 * One person's data as a document (UK GDPR Art. 15 and 20): every record the shop holds on the address,
 * what each kind is for, its lawful basis and how long it is kept, what stays after an erasure and why,
 * and where processors hold more. The same for the owner's answer (`mailbox`, with the shop's own
 * notes) and the shopper's download (`exact`).
 */
export function personExport(records: PersonRecords, address: string, match: Match, now = new Date()) {
  const orders = records.orders.map((o) => ({
    number: o.number,
    placedAt: o.createdAt,
    payment: o.status,
    goods: o.fulfilment,
    currency: o.currency,
    total: o.total,
    refunded: o.refunded,
    discountCode: o.discountCode,
    paymentMethod: o.paymentMethod,
    name: o.name,
    email: o.email,
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    delivery: o.shippingOption,
    campaign: o.campaign,
    lines: byOrder(records.lines, o.id).map((l) => ({ name: l.name, quantity: l.quantity, unitAmount: l.unitAmount })),
    timeline: byOrder(records.events, o.id).map((e) => ({ step: e.status, at: e.at, ...stepFacts(e.detail) })),
    returns: byOrder(records.returns, o.id).map((r) => ({
      number: r.number,
      reason: r.reason,
      wants: r.outcome,
      note: r.note,
      state: r.state,
      answer: r.answer,
      askedAt: r.createdAt,
    })),
    invoice: records.invoices.find((i) => i.orderId === o.id)?.number ?? null,
    ...(match === 'mailbox' && { notesByShop: byOrder(records.notes, o.id).map((n) => ({ note: n.body, at: n.at })) }),
    restrictedSince: o.restrictedAt,
    nameAndAddressRemovedAt: o.redactedAt,
  }));
  const kept = records.orders
    .filter((o) => !o.redactedAt)
    .map((o) => ({ what: `Order ${o.number}`, until: orderKeptUntil(o.createdAt), why: personalData('orders').onErasure }));
  const present: PersonalDataKind[] = [
    ...(orders.length > 0 ? (['orders'] as const) : []),
    ...(records.contact.length > 0 ? (['contact'] as const) : []),
    ...(records.reviews.length > 0 ? (['reviews'] as const) : []),
    ...(records.alerts.length > 0 ? (['stock_alerts'] as const) : []),
    ...(records.reminders.length > 0 ? (['reminders'] as const) : []),
    ...(records.subscriptions.length > 0 ? (['newsletter'] as const) : []),
    ...(records.referral ? (['referral'] as const) : []),
    ...(records.access.length > 0 ? (['order_access'] as const) : []),
    ...(records.optedOut ? (['opt_out'] as const) : []),
  ];
  return {
    about: address.trim(),
    matching:
      match === 'mailbox'
        ? 'This address in any case, its “+tags” and Gmail’s dots where its mail service delivers them to the same mailbox, and the spellings confirmed as the same person’s.'
        : 'This address, in any case. The shop’s own notes on your orders, and records under other spellings of your address, are given on request.',
    addresses: records.spellings.taken,
    madeAt: now.toISOString(),
    controller: { name: site.brand, contact: shopInfo.email },
    orders,
    contactMessages: records.contact.map((m) => ({
      sentAt: m.createdAt,
      name: m.name,
      email: m.email,
      phone: m.phone,
      subject: m.subject,
      message: m.message,
    })),
    reviews: records.reviews.map(({ review: r, product }) => ({
      product,
      stars: r.stars,
      title: r.title,
      review: r.body,
      name: r.name,
      shown: r.state === 'approved',
      writtenAt: r.createdAt,
      reply: r.reply,
    })),
    backInStockRequests: records.alerts.map((a) => ({
      product: a.product,
      askedAt: a.createdAt,
      confirmedAt: a.confirmedAt,
      endedAt: a.endedAt,
      ended: a.endReason,
      addressHeld: a.email !== null,
    })),
    checkoutReminders: records.reminders.map((r) => ({ madeAt: r.createdAt, cart: r.cart, mailedAt: r.mailedAt })),
    digestSubscriptions: records.subscriptions.map((s) => ({
      signedUpAt: s.createdAt,
      confirmedAt: s.confirmedAt,
      endedAt: s.endedAt,
      ended: s.endReason,
      consent: { text: s.consent.text, page: s.consent.page },
      welcomeCode: s.welcomeCode,
      articlesSent: s.postsSent,
    })),
    referralCode: records.referral && { code: records.referral.code, since: records.referral.createdAt },
    yourOrdersLinks: records.access.map((a) => ({ kind: a.kind, madeAt: a.createdAt, endsAt: a.expiresAt })),
    noMarketingMail: records.optedOut,
    kept,
    howWeUseIt: PERSONAL_DATA.filter((d) => present.includes(d.kind)).map(({ what, purpose, basis, kept: period }) => ({
      what,
      purpose,
      basis,
      kept: period,
    })),
    elsewhere: elsewhere(records),
    ...(records.truncated && { note: 'Some kinds hold more records than one export lists: ask us for the rest.' }),
  };
}

export type PersonExport = ReturnType<typeof personExport>;

/** The download's file name: the address's characters that are safe in a file name, and the day. */
export function exportFileName(address: string, now = new Date()): string {
  return `personal-data-${address
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9@._-]+/g, '_')
    .slice(0, 80)}-${now.toISOString().slice(0, 10)}.json`;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { replyJson } from '../loopback';
import {
  idempotent,
  lineItems,
  stripeError,
  TAX_RATES,
  type EmulatedSession,
  type Route,
  type StripeAccount,
  type TypedShipping,
} from './emulated-account';
import type { EmulatedPromotions } from './emulated-promotions';

/**
 * Checkout Sessions: POST /v1/checkout/sessions (form-encoded; a key's first answer is replayed for the
 * same parameters, 500s included, and refused for others, as Stripe does; refused as Stripe refuses:
 * both `allow_promotion_codes` and `discounts`, an unknown, inactive or unmet code, a bad
 * `tax_behavior`, automatic tax while `state.taxActive` is off), GET /v1/checkout/sessions/:id (the
 * first 10 line items when expanded, as Stripe gives), GET …/:id/line_items (paged by limit and
 * starting_after, their products when expanded), GET /v1/checkout/sessions?payment_intent=…, POST
 * …/:id/expire, and the hosted page (GET /pay/:id, whose Pay button completes the session and goes to
 * success_url, first posting the signed checkout.session.completed to `state.webhook` when set). With
 * `automatic_tax[enabled]` a session computes one rate by currency, inclusive or exclusive as its lines
 * say; it reports `total_details` (its `breakdown` and `discounts.promotion_code` when expanded) as
 * Stripe shapes them.
 */
export function emulatedSessions(
  account: StripeAccount,
  promos: EmulatedPromotions,
  signedObjectEvent: (type: string, object: object, secret: string, at?: number) => { body: string; headers: Record<string, string> },
) {
  const { sessions, charges, links, received, state } = account;
  const { sessionPromotion, discountFor, couponJson, promotionJson } = promos;

  function sessionJson(s: EmulatedSession, expand: boolean, expandMore: readonly string[] = []) {
    const items = lineItems(s.fields);
    const subtotal = items.reduce((sum, i) => sum + i.amount_total, 0);
    const shipping = Number(s.fields['shipping_options[0][shipping_rate_data][fixed_amount][amount]'] ?? 0);
    const currency = items[0]?.currency ?? 'gbp';
    const promo = sessionPromotion(s);
    const applied = promo ? discountFor(promo, currency, subtotal) : null;
    const discount = s.discount ?? (applied && 'amount' in applied ? applied.amount : 0);
    // Stripe Tax: one rate for the shopper's place; inclusive prices hold it, exclusive ones get it added.
    const rate = s.fields['automatic_tax[enabled]'] === 'true' ? TAX_RATES[currency] : undefined;
    const inclusive = s.fields['line_items[0][price_data][tax_behavior]'] === 'inclusive';
    const taxable = subtotal - discount + shipping;
    const tax = rate
      ? Math.round(inclusive ? (taxable * rate.percentage) / (100 + rate.percentage) : (taxable * rate.percentage) / 100)
      : 0;
    const total = taxable + (rate && !inclusive ? tax : 0);
    const breakdown = {
      discounts:
        promo && discount > 0
          ? [
              {
                amount: discount,
                discount: {
                  id: `di_${s.id}`,
                  object: 'discount',
                  checkout_session: s.id,
                  promotion_code: promo.id,
                  source: { type: 'coupon', coupon: couponJson(promo) },
                },
              },
            ]
          : [],
      taxes: rate
        ? [
            {
              amount: tax,
              rate: {
                id: `txr_${currency}`,
                object: 'tax_rate',
                active: true,
                inclusive,
                effective_percentage: rate.percentage,
                tax_type: rate.display_name === 'VAT' ? 'vat' : 'sales_tax',
                ...rate,
              },
              taxability_reason: 'standard_rated',
              taxable_amount: inclusive ? taxable - tax : taxable,
            },
          ]
        : [],
    };
    const metadata = Object.fromEntries(
      Object.entries(s.fields).flatMap(([k, v]) => {
        const key = /^metadata\[(\w+)\]$/.exec(k)?.[1];
        return key ? [[key, v]] : [];
      }),
    );
    return {
      id: s.id,
      object: 'checkout.session',
      url: s.status === 'open' ? `${account.base}/pay/${s.id}` : null,
      status: s.status,
      payment_status: s.paymentStatus ?? (s.status === 'complete' ? 'paid' : 'unpaid'),
      payment_link: s.paymentLink ?? null,
      // Expanded with its charge (payment_intent.latest_charge): how it was paid, a test card.
      payment_intent:
        s.paymentIntent && expandMore.includes('payment_intent.latest_charge')
          ? {
              id: s.paymentIntent,
              object: 'payment_intent',
              latest_charge: {
                id: s.paymentIntent.replace('pi_', 'ch_'),
                object: 'charge',
                payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } },
              },
            }
          : (s.paymentIntent ?? null),
      invoice: s.invoice ? (expandMore.includes('invoice') ? s.invoice : s.invoice.id) : null,
      consent: s.fields['consent_collection[promotions]'] ? { promotions: s.consent ?? null, terms_of_service: null } : null,
      customer_details:
        s.status === 'complete'
          ? {
              email: s.fields.customer_email ?? 'shopper@example.com',
              name: 'Sam Shopper',
              // Asked for in full when the session says billing_address_collection=required.
              address:
                s.fields.billing_address_collection === 'required'
                  ? { line1: '9 Ledger Lane', line2: 'Flat 2', city: 'York', postal_code: 'YO1 7HH', state: null, country: 'GB' }
                  : { line1: null, line2: null, city: null, postal_code: 'LS1 1AA', state: null, country: 'GB' },
            }
          : s.typedEmail
            ? { email: s.typedEmail, name: null }
            : null,
      collected_information:
        s.status === 'complete'
          ? {
              shipping_details: {
                name: s.typedShipping?.name ?? 'Sam Shopper',
                address: {
                  line1: s.typedShipping?.line1 ?? '1 Range Road',
                  line2: null,
                  city: 'Leeds',
                  postal_code: 'LS1 1AA',
                  state: null,
                  country: s.typedShipping?.country ?? 'GB',
                },
              },
            }
          : null,
      shipping_cost: s.fields['shipping_options[0][shipping_rate_data][display_name]']
        ? {
            amount_total: shipping,
            shipping_rate: {
              id: 'shr_0',
              object: 'shipping_rate',
              display_name: s.fields['shipping_options[0][shipping_rate_data][display_name]'],
            },
          }
        : null,
      currency: items[0]?.currency ?? null,
      amount_subtotal: subtotal,
      amount_total: total,
      allow_promotion_codes: s.fields.allow_promotion_codes === 'true' ? true : null,
      automatic_tax: { enabled: Boolean(rate), status: rate ? 'complete' : null, liability: null, provider: rate ? 'stripe' : null },
      discounts: promo
        ? [
            {
              coupon: promo.coupon.id,
              promotion_code: expandMore.includes('discounts.promotion_code') ? promotionJson(promo, false) : promo.id,
            },
          ]
        : [],
      total_details: {
        amount_discount: discount,
        amount_shipping: shipping,
        amount_tax: tax,
        ...(expandMore.includes('total_details.breakdown') ? { breakdown } : {}),
      },
      success_url: s.fields.success_url,
      cancel_url: s.fields.cancel_url,
      metadata,
      // Stripe expands only the first page of line items (10); the rest are read from the list endpoint.
      ...(expand
        ? {
            line_items: {
              object: 'list',
              data: items.slice(0, 10),
              has_more: items.length > 10,
              url: `/v1/checkout/sessions/${s.id}/line_items`,
            },
          }
        : {}),
    };
  }

  function complete(id: string, paymentStatus: 'paid' | 'unpaid' = 'paid', typed?: { shipping?: TypedShipping }): string {
    const s = sessions.get(id);
    if (!s) throw new Error(`no session ${id}`);
    if (typed?.shipping) {
      // The payment page offers only the countries the session allowed.
      const allowed = Object.entries(s.fields)
        .filter(([name]) => name.startsWith('shipping_address_collection[allowed_countries]'))
        .map(([, code]) => code);
      const { country } = typed.shipping;
      if (country && allowed.length > 0 && !allowed.includes(country)) throw new Error(`${country} is not offered on session ${id}`);
      s.typedShipping = typed.shipping;
    }
    const promo = sessionPromotion(s);
    // A first-orders-only code: Stripe's page refuses it from an address that has paid before.
    const email = (s.fields.customer_email ?? 'shopper@example.com').toLowerCase();
    const paidBefore = [...sessions.values()].some(
      (o) =>
        o !== s &&
        o.paymentIntent &&
        o.paymentStatus === 'paid' &&
        (o.fields.customer_email ?? 'shopper@example.com').toLowerCase() === email,
    );
    if (promo?.firstTimeOnly && !s.paymentIntent && paidBefore) {
      throw new Error('This promotion code cannot be redeemed because the associated customer has prior transactions.');
    }
    if (promo && !s.paymentIntent) {
      const applied = discountFor(
        promo,
        lineItems(s.fields)[0]?.currency ?? 'gbp',
        lineItems(s.fields).reduce((sum, i) => sum + i.amount_total, 0),
      );
      // Stripe checks the code again when the session is paid: one used up meanwhile (a single-use code paid
      // with in another session) or switched off stops the payment, and the page asks the shopper to remove it.
      if ('refusal' in applied) throw new Error(`Stripe's page refuses the payment: ${applied.refusal}`);
      s.discount = applied.amount;
    }
    s.status = 'complete';
    s.paymentStatus = paymentStatus;
    if (promo && !s.paymentIntent) promo.times_redeemed++;
    if (!s.paymentIntent) {
      const n = charges.size + 1;
      s.paymentIntent = `pi_test_${n}`;
      const json = sessionJson(s, false);
      charges.set(`ch_test_${n}`, {
        id: `ch_test_${n}`,
        object: 'charge',
        payment_intent: s.paymentIntent,
        amount: json.amount_total,
        amount_refunded: 0,
        currency: String(json.currency),
        refunded: false,
      });
    }
    // Checkout finalizes the invoice it was asked for once the payment succeeds.
    if (s.fields['invoice_creation[enabled]'] === 'true' && s.paymentStatus === 'paid' && !s.invoice) {
      const n = id.replace(/\D/g, '');
      s.invoice = {
        id: `in_test_${n}`,
        object: 'invoice',
        status: 'paid',
        hosted_invoice_url: `https://invoice.stripe.com/i/acct_test_emulated/test_${n}`,
        invoice_pdf: `https://pay.stripe.com/invoice/acct_test_emulated/test_${n}/pdf`,
      };
    }
    return (s.fields.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', id);
  }

  /**
   * An event about a session, signed as Stripe signs it: `Stripe-Signature: t=<unix seconds>,v1=<hex
   * HMAC-SHA256 of "t.body" with the endpoint's secret>`. `at` back-dates it (a stale delivery).
   */
  function signedEvent(type: string, sessionId: string, webhookSecret: string, at = Math.floor(Date.now() / 1000)) {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    return signedObjectEvent(type, sessionJson(s, false), webhookSecret, at);
  }

  /**
   * A session as the cart or a payment link would have created it: `lines` in minor units. A payment
   * link's (`paymentLink`: one of the account's link URLs) is shaped as the Dashboard makes it: the
   * session names the link's id, and its products carry no metadata of ours (`productId` is ignored).
   */
  function createSession(opts: {
    currency: string;
    lines: Array<{ productId: number; name: string; quantity: number; unitAmount: number }>;
    shipping?: { label: string; amount: number };
    metadata?: Record<string, string>;
    paymentLink?: string;
    /** The address the shopper pays with (customer_email; shopper@example.com by default). */
    email?: string;
  }): string {
    const link = opts.paymentLink === undefined ? undefined : links.find((l) => l.url === opts.paymentLink);
    if (opts.paymentLink !== undefined && !link) throw new Error(`the account has no payment link ${opts.paymentLink}`);
    const fields: Record<string, string> = { success_url: `${account.base}/thank-you?session_id={CHECKOUT_SESSION_ID}` };
    opts.lines.forEach((line, i) => {
      fields[`line_items[${i}][quantity]`] = String(line.quantity);
      fields[`line_items[${i}][price_data][currency]`] = opts.currency.toLowerCase();
      fields[`line_items[${i}][price_data][unit_amount]`] = String(line.unitAmount);
      fields[`line_items[${i}][price_data][product_data][name]`] = line.name;
      if (!link) fields[`line_items[${i}][price_data][product_data][metadata][product_id]`] = String(line.productId);
    });
    if (opts.shipping) {
      fields['shipping_options[0][shipping_rate_data][display_name]'] = opts.shipping.label;
      fields['shipping_options[0][shipping_rate_data][fixed_amount][amount]'] = String(opts.shipping.amount);
    }
    for (const [k, v] of Object.entries(opts.metadata ?? {})) fields[`metadata[${k}]`] = v;
    if (opts.email) fields.customer_email = opts.email;
    const id = `cs_test_${sessions.size + 1}`;
    sessions.set(id, { id, fields, status: 'open', paymentLink: link?.id });
    return id;
  }

  /** Why Stripe would refuse these create parameters (the refusals the shop can meet), or null. */
  function createRefusal(fields: Record<string, string>) {
    const promoId = fields['discounts[0][promotion_code]'];
    if (promoId !== undefined && fields.allow_promotion_codes !== undefined) {
      return stripeError('You may only specify one of these parameters: allow_promotion_codes, discounts.', 'allow_promotion_codes');
    }
    for (const [key, value] of Object.entries(fields)) {
      if (key.endsWith('[tax_behavior]') && !['inclusive', 'exclusive', 'unspecified'].includes(value)) {
        return stripeError(`Invalid ${key}: must be one of inclusive, exclusive, or unspecified`, key);
      }
    }
    if (fields['automatic_tax[enabled]'] === 'true' && !state.taxActive) {
      return stripeError(
        'Stripe Tax has not been activated on your account. Please visit https://dashboard.stripe.com/settings/tax/activate to get started.',
        'automatic_tax[enabled]',
      );
    }
    if (promoId !== undefined) {
      const promo = account.promotions.find((p) => p.id === promoId);
      if (!promo) return stripeError(`No such promotion code: '${promoId}'`, 'discounts[0][promotion_code]', 'resource_missing');
      const items = lineItems(fields);
      const applied = discountFor(
        promo,
        items[0]?.currency ?? '',
        items.reduce((sum, i) => sum + i.amount_total, 0),
      );
      if ('refusal' in applied) return stripeError(applied.refusal, 'discounts[0][promotion_code]');
    }
    return null;
  }

  /** The hosted payment page (GET /pay/:id; its Pay button POSTs), answered before the API's key is checked, as a browser reaches it. */
  function hostedPage(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    if (!pay?.[1] || !sessions.has(pay[1])) return false;
    if (req.method === 'POST') {
      const next = complete(pay[1]);
      const hook = state.webhook;
      const event = hook && signedEvent('checkout.session.completed', pay[1], hook.secret);
      const delivered = hook && event ? fetch(hook.url, { method: 'POST', body: event.body, headers: event.headers }) : null;
      void Promise.resolve(delivered)
        .then((answer) => answer && account.webhookAnswers.push(answer.status))
        .catch(() => account.webhookAnswers.push(0))
        .finally(() => {
          res.writeHead(303, { Location: next });
          res.end();
        });
      return true;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><title>Emulated Stripe Checkout</title><h1>Emulated Stripe Checkout</h1><form method="post"><button>Pay</button></form></html>`,
    );
    return true;
  }

  const route: Route = (req, res, url, raw) => {
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const fields = Object.fromEntries(new URLSearchParams(raw));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      received.push({ fields, idempotencyKey, authorization: req.headers.authorization });
      const refusal = () =>
        state.mode === 'reject' ? { error: { type: 'invalid_request_error', message: 'Invalid currency' } } : createRefusal(fields);
      idempotent(account, req, res, raw, refusal, () => {
        const session = { id: `cs_test_${sessions.size + 1}`, fields, status: 'open' as const };
        sessions.set(session.id, session);
        return sessionJson(session, false);
      });
      return true;
    }
    // POST /v1/checkout/sessions/:id/expire: an open session stops taking payment; anything else is refused, as Stripe does.
    const expiring = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname);
    if (req.method === 'POST' && expiring) {
      const s = sessions.get(expiring[1]!);
      if (!s) replyJson(res, 404, stripeError(`No such checkout.session: '${expiring[1]}'`, 'id', 'resource_missing'));
      else if (s.status !== 'open') {
        replyJson(
          res,
          400,
          stripeError('Only Checkout Sessions with a status in ["open"] can be expired.', undefined, 'checkout_session_expire_invalid'),
        );
      } else {
        s.status = 'expired';
        account.expired.push(s.id);
        replyJson(res, 200, sessionJson(s, false));
      }
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const wanted = url.searchParams.get('payment_intent');
      const data = [...sessions.values()].filter((s) => !wanted || s.paymentIntent === wanted).map((s) => sessionJson(s, false));
      replyJson(res, 200, {
        object: 'list',
        data: data.slice(0, Number(url.searchParams.get('limit') ?? 10)),
        has_more: false,
        url: url.pathname,
      });
      return true;
    }
    const list = /^\/v1\/checkout\/sessions\/([\w-]+)\/line_items$/.exec(url.pathname);
    const listed = req.method === 'GET' && list?.[1] ? sessions.get(list[1]) : undefined;
    if (listed) {
      // A page as Stripe's list API gives it: `limit` (default 10, at most 100) after `starting_after`.
      const items = lineItems(listed.fields);
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
      const after = url.searchParams.get('starting_after');
      const from = after ? items.findIndex((i) => i.id === after) + 1 : 0;
      const page = items.slice(from, from + limit);
      // stripe-node sends expand[0]=…; curl users write expand[]=….
      const productsExpanded = [...url.searchParams].some(([k, v]) => k.startsWith('expand[') && v === 'data.price.product');
      account.lineItemPages.push(page.length);
      replyJson(res, 200, {
        object: 'list',
        data: productsExpanded ? page : page.map((i) => ({ ...i, price: { ...i.price, product: i.price.product.id } })),
        has_more: from + limit < items.length,
        url: url.pathname,
      });
      return true;
    }
    const read = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && read?.[1]) {
      account.sessionReads.push(read[1]);
      const session = sessions.get(read[1]);
      if (state.readsFail) replyJson(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      else if (!session) {
        replyJson(res, 404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${read[1]}'` },
        });
      } else {
        const expand = [...url.searchParams].flatMap(([k, v]) => (k.startsWith('expand[') ? [v] : []));
        replyJson(res, 200, sessionJson(session, expand.includes('line_items'), expand));
      }
      return true;
    }
    return false;
  };

  return {
    route,
    hostedPage,
    complete,
    createSession,
    signedEvent,
    /** A delayed payment settles: the session's payment status as Stripe would report it from then on. */
    settle: (id: string, paymentStatus: 'paid' | 'unpaid') => {
      sessions.get(id)!.paymentStatus = paymentStatus;
      complete(id, paymentStatus);
    },
    /** The session ends unpaid; the shopper may have typed an address and answered the consent box first. */
    expire: (id: string, left: { email?: string; consent?: 'opt_in' | 'opt_out' } = {}) => {
      const s = sessions.get(id)!;
      s.status = 'expired';
      s.typedEmail = left.email;
      s.consent = left.consent;
    },
    /** The sessions whose metadata names `key` = `value` (an exchange's payment pages), each with what it asks and the charge it took once paid. */
    sessionsNaming: (key: string, value: string) =>
      [...sessions.values()]
        .filter((s) => s.fields[`metadata[${key}]`] === value)
        .map((s) => ({
          id: s.id,
          status: s.status,
          /** Paid (not a delayed payment still on its way, or one that failed). */
          paid: s.status === 'complete' && (s.paymentStatus ?? 'paid') === 'paid',
          asked: lineItems(s.fields).reduce((sum, i) => sum + i.amount_total, 0),
          charge: s.paymentIntent ? [...charges.values()].find((ch) => ch.payment_intent === s.paymentIntent) : undefined,
        })),
    /** What each paid session took off with a promotion code: the code's id and the discount (as its total_details say). */
    discountsTaken: () =>
      [...sessions.values()].flatMap((s) => {
        const promo = s.paymentIntent ? sessionPromotion(s) : undefined;
        return promo && s.discount ? [{ session: s.id, promotion: promo.id, amount: s.discount }] : [];
      }),
    /** The shopper types a code on the hosted page of a session that allows codes; throws where Stripe's page would refuse it. */
    typeCode(sessionId: string, code: string) {
      const s = sessions.get(sessionId);
      const promo = account.promotions.find((p) => p.code.toLowerCase() === code.toLowerCase());
      if (!s || s.fields.allow_promotion_codes !== 'true') throw new Error(`session ${sessionId} takes no typed codes`);
      if (!promo || !promos.redeemable(promo)) throw new Error(`Stripe's page refuses ${code}`);
      s.typedPromotion = promo.id;
    },
  };
}

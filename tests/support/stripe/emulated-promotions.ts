import { replyJson } from '../loopback';
import { idempotent, stripeError, type EmulatedPromotion, type EmulatedSession, type Route, type StripeAccount } from './emulated-account';

function couponJson(p: EmulatedPromotion) {
  return {
    object: 'coupon',
    duration: 'once',
    name: null,
    max_redemptions: null,
    times_redeemed: p.times_redeemed,
    redeem_by: null,
    metadata: {},
    livemode: false,
    created: 1_700_000_000,
    ...p.coupon,
  };
}

/** A promotion code as Stripe's API shapes it (API 2025-09-30 on: its coupon under `promotion`), the coupon expanded or its id. */
function promotionJson(p: EmulatedPromotion, expandCoupon: boolean) {
  return {
    id: p.id,
    object: 'promotion_code',
    active: p.active,
    code: p.code,
    created: 1_700_000_000,
    customer: null,
    customer_account: null,
    expires_at: p.expires_at,
    livemode: false,
    max_redemptions: p.max_redemptions,
    metadata: {},
    promotion: { type: 'coupon', coupon: expandCoupon ? couponJson(p) : p.coupon.id },
    restrictions: {
      first_time_transaction: p.firstTimeOnly ?? false,
      minimum_amount: p.minimum?.amount ?? null,
      minimum_amount_currency: p.minimum?.currency ?? null,
    },
    times_redeemed: p.times_redeemed,
  };
}

/** Whether Stripe would take the code now (active, coupon valid, not expired, redemptions left). */
export const redeemable = (p: EmulatedPromotion) =>
  p.active &&
  p.coupon.valid &&
  (p.expires_at === null || p.expires_at > Math.floor(Date.now() / 1000)) &&
  (p.max_redemptions === null || p.times_redeemed < p.max_redemptions);

/** What a code takes off a session's items (minor units), or why Stripe refuses it for this currency and amount. */
function discountFor(p: EmulatedPromotion, currency: string, subtotal: number): { amount: number } | { refusal: string } {
  if (!redeemable(p)) return { refusal: `This promotion code is not active: '${p.code}'.` };
  if (p.minimum) {
    const minimum = p.minimum.currency === currency ? p.minimum.amount : undefined;
    if (minimum !== undefined && subtotal < minimum) {
      return { refusal: `This promotion code requires a minimum order amount of ${minimum} ${currency}.` };
    }
  }
  if (p.coupon.percent_off !== null) return { amount: Math.round((subtotal * p.coupon.percent_off) / 100) };
  const off = p.coupon.currency === currency ? p.coupon.amount_off : p.coupon.currency_options?.[currency]?.amount_off;
  if (off === undefined || off === null) return { refusal: `The coupon's currency does not match the session's currency (${currency}).` };
  return { amount: Math.min(off, subtotal) };
}

/**
 * Coupons and promotion codes as Stripe keeps them: the Dashboard's (SPRING10, TAKE15, OLDCODE from
 * the start) and the ones the shop makes through the API (store credit, rewards): POST /v1/coupons,
 * POST /v1/promotion_codes, POST /v1/promotion_codes/:id (`active`), GET /v1/promotion_codes?code=&active=
 * (the coupon under `promotion` when expanded), and what a code takes off a session.
 */
export function emulatedPromotions(account: StripeAccount) {
  const { promotions, coupons } = account;

  function addPromotion(opts: {
    code: string;
    percentOff?: number;
    amountOff?: { amount: number; currency: string; options?: Record<string, number> };
    active?: boolean;
    expiresAt?: number | null;
    maxRedemptions?: number | null;
    minimum?: { amount: number; currency: string };
  }): EmulatedPromotion {
    const n = promotions.length + 1;
    const promo: EmulatedPromotion = {
      id: `promo_test_${n}`,
      code: opts.code,
      active: opts.active ?? true,
      expires_at: opts.expiresAt ?? null,
      max_redemptions: opts.maxRedemptions ?? null,
      times_redeemed: 0,
      minimum: opts.minimum ?? null,
      coupon: {
        id: `coupon_test_${n}`,
        percent_off: opts.percentOff ?? null,
        amount_off: opts.amountOff?.amount ?? null,
        currency: opts.amountOff?.currency ?? null,
        ...(opts.amountOff?.options
          ? { currency_options: Object.fromEntries(Object.entries(opts.amountOff.options).map(([c, a]) => [c, { amount_off: a }])) }
          : {}),
        valid: true,
      },
    };
    promotions.push(promo);
    return promo;
  }
  addPromotion({ code: 'SPRING10', percentOff: 10 });
  addPromotion({
    code: 'TAKE15',
    amountOff: { amount: 1500, currency: 'gbp', options: { eur: 1700, usd: 1900 } },
    minimum: { amount: 5000, currency: 'gbp' },
  });
  addPromotion({ code: 'OLDCODE', percentOff: 20, active: false });

  /** The promotion code a session carries: the one the shop applied (discounts), or the one the shopper typed. */
  const sessionPromotion = (s: EmulatedSession) => {
    const id = s.fields['discounts[0][promotion_code]'] ?? s.typedPromotion;
    return id ? promotions.find((p) => p.id === id) : undefined;
  };

  const route: Route = (req, res, url, raw) => {
    if (req.method === 'POST' && url.pathname === '/v1/coupons') {
      const fields = Object.fromEntries(new URLSearchParams(raw));
      const refusal = () =>
        fields.id && coupons.has(fields.id)
          ? stripeError('Coupon already exists.', 'id', 'resource_already_exists')
          : !fields.amount_off && !fields.percent_off
            ? stripeError('Missing required param: amount_off or percent_off.', 'amount_off')
            : fields.amount_off && !fields.currency
              ? stripeError('You must specify `currency` when creating an amount_off coupon.', 'currency')
              : null;
      idempotent(account, req, res, raw, refusal, () => {
        const options = Object.entries(fields).flatMap(([k, v]) => {
          const currency = /^currency_options\[(\w+)\]\[amount_off\]$/.exec(k)?.[1];
          return currency ? [[currency, { amount_off: Number(v) }] as const] : [];
        });
        const coupon: EmulatedPromotion['coupon'] = {
          id: fields.id ?? `coupon_made_${coupons.size + 1}`,
          percent_off: fields.percent_off ? Number(fields.percent_off) : null,
          amount_off: fields.amount_off ? Number(fields.amount_off) : null,
          currency: fields.currency ?? null,
          ...(options.length > 0 ? { currency_options: Object.fromEntries(options) } : {}),
          valid: true,
          name: fields.name ?? null,
        };
        coupons.set(coupon.id, coupon);
        return {
          object: 'coupon',
          duration: fields.duration ?? 'once',
          max_redemptions: Number(fields.max_redemptions) || null,
          ...coupon,
        };
      });
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/v1/promotion_codes') {
      const fields = Object.fromEntries(new URLSearchParams(raw));
      const coupon = coupons.get(fields['promotion[coupon]'] ?? '');
      const refusal = () =>
        !coupon
          ? stripeError(`No such coupon: '${fields['promotion[coupon]'] ?? ''}'`, 'promotion[coupon]', 'resource_missing')
          : promotions.some((p) => p.active && p.code.toLowerCase() === (fields.code ?? '').toLowerCase())
            ? stripeError(`An active promotion code with \`code: ${fields.code}\` already exists.`, 'code')
            : null;
      idempotent(account, req, res, raw, refusal, () => {
        const promo: EmulatedPromotion = {
          id: `promo_made_${promotions.length + 1}`,
          code: fields.code ?? `AUTO${promotions.length + 1}`,
          active: true,
          expires_at: fields.expires_at ? Number(fields.expires_at) : null,
          max_redemptions: fields.max_redemptions ? Number(fields.max_redemptions) : null,
          times_redeemed: 0,
          minimum: null,
          coupon: coupon!,
          firstTimeOnly: fields['restrictions[first_time_transaction]'] === 'true',
        };
        promotions.push(promo);
        return promotionJson(promo, false);
      });
      return true;
    }
    const promoUpdate = /^\/v1\/promotion_codes\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'POST' && promoUpdate) {
      // Only `active` (and metadata) can change on a promotion code; it is switched on again only while
      // otherwise redeemable (its coupon valid, not expired, redemptions left), as Stripe documents.
      const fields = Object.fromEntries(new URLSearchParams(raw));
      const promo = promotions.find((p) => p.id === promoUpdate[1]);
      if (!promo) {
        replyJson(res, 404, stripeError(`No such promotion code: '${promoUpdate[1]}'`, 'id', 'resource_missing'));
        return true;
      }
      if (fields.active === 'true' && !promo.active && !redeemable({ ...promo, active: true })) {
        replyJson(res, 400, stripeError('This promotion code cannot be reactivated: it is no longer redeemable.', 'active'));
        return true;
      }
      if (fields.active !== undefined) promo.active = fields.active === 'true';
      replyJson(res, 200, promotionJson(promo, false));
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/v1/promotion_codes') {
      // Codes match case-insensitively, as shoppers type them; `active` filters as Stripe's does.
      const code = url.searchParams.get('code')?.toLowerCase();
      const active = url.searchParams.get('active');
      const expandCoupon = [...url.searchParams].some(([k, v]) => k.startsWith('expand[') && v === 'data.promotion.coupon');
      const data = promotions
        .filter((p) => (code === undefined || p.code.toLowerCase() === code) && (active === null || String(p.active) === active))
        .map((p) => promotionJson(p, expandCoupon));
      replyJson(res, 200, {
        object: 'list',
        data: data.slice(0, Number(url.searchParams.get('limit') ?? 10)),
        has_more: false,
        url: url.pathname,
      });
      return true;
    }
    return false;
  };

  return { addPromotion, couponJson, promotionJson, redeemable, discountFor, sessionPromotion, route };
}

export type EmulatedPromotions = ReturnType<typeof emulatedPromotions>;

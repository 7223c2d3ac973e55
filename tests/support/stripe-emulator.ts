import { createServer, type Server } from 'node:http';
import { closeServer, listenOnLoopback, replyJson } from './loopback';
import { newAccount, readBody } from './stripe/emulated-account';
import { emulatedEvents } from './stripe/emulated-events';
import { emulatedLinks } from './stripe/emulated-links';
import { emulatedMoney } from './stripe/emulated-money';
import { emulatedPromotions } from './stripe/emulated-promotions';
import { emulatedSessions } from './stripe/emulated-sessions';

export type { ReceivedSession } from './stripe/emulated-account';

/**
 * Speaks the part of Stripe's API the shop uses, on 127.0.0.1, so the real `stripe` client is
 * exercised: POST /v1/checkout/sessions (form-encoded; a key's first answer is replayed for the same
 * parameters, 500s included, and refused for others, as Stripe does), GET /v1/checkout/sessions/:id (the first 10 line items when expanded, as
 * Stripe gives) and GET /v1/checkout/sessions/:id/line_items (paged by limit and starting_after, their
 * products when expanded), GET /v1/checkout/sessions?payment_intent=…, and the charges, refunds and
 * disputes of completed sessions (GET /v1/charges|refunds|disputes/:id; made by refund(), openDispute(),
 * closeDispute(), their events signed by signedObjectEvent). It also serves the hosted page (GET /pay/:id, whose Pay button completes the session and
 * goes to success_url, first posting the signed checkout.session.completed to `state.webhook` when
 * set, as Stripe does), and the account's payment links (GET /v1/payment_links, paged; GET /v1/payment_links/:id; POST
 * /v1/payment_links/:id with `active`, recorded in `linkUpdates`). `state.mode` decides the next create answers: ok, fail (500), reject (400) or
 * hang (no answer: the client's time-out), or lost (no answer, and the request never reached Stripe: its key is free).
 * Promotion codes (GET /v1/promotion_codes?code=&active=, the coupon under `promotion` when expanded;
 * POST /v1/promotion_codes/:id with `active`) apply to sessions made with
 * `discounts[0][promotion_code]` or typed on the hosted page (typeCode); a first-orders-only code is
 * refused at payment (complete throws) to an address that paid before; with
 * `automatic_tax[enabled]` a session computes one rate by currency, inclusive or exclusive as its lines
 * say. Sessions then report `total_details` (its `breakdown` and `discounts.promotion_code` when expanded)
 * as Stripe shapes them. Create refuses what Stripe refuses: both `allow_promotion_codes` and `discounts`,
 * an unknown, inactive or unmet code, a bad `tax_behavior`, and automatic tax while `state.taxActive` is off.
 */
export async function startStripeEmulator(secretKey = 'sk_test_emulated') {
  const account = newAccount(secretKey);
  const events = emulatedEvents(account);
  const promotions = emulatedPromotions(account);
  const sessions = emulatedSessions(account, promotions, events.signedObjectEvent);
  const money = emulatedMoney(account, events.deliver);
  // Each resource answers its own paths; the first that knows the request answers it.
  const routes = [sessions.route, promotions.route, money.route, emulatedLinks(account)];

  const server: Server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (sessions.hostedPage(req, res, url)) return;
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return replyJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (routes.some((route) => route(req, res, url, raw))) return;
      replyJson(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  account.base = await listenOnLoopback(server);
  const { promotions: codes } = account;
  return {
    url: account.base,
    secretKey,
    received: account.received,
    state: account.state,
    webhookAnswers: account.webhookAnswers,
    lineItemPages: account.lineItemPages,
    sessionReads: account.sessionReads,
    linkUpdates: account.linkUpdates,
    expired: account.expired,
    unlistedLinkUrl: account.unlistedLinkUrl,
    spareLinkUrl: account.spareLinkUrl,
    /** Whether the payment link with this URL takes payments now. */
    linkActive: (url: string) => account.links.find((l) => l.url === url)?.active,
    /** Settings that point the shop at this emulation. */
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: account.base },
    /** Marks a session complete (paid, or unpaid for a delayed method) as the hosted page would; returns its success URL. */
    complete: sessions.complete,
    settle: sessions.settle,
    expire: sessions.expire,
    createSession: sessions.createSession,
    signedEvent: sessions.signedEvent,
    signedObjectEvent: events.signedObjectEvent,
    chargeOf: money.chargeOf,
    refund: money.refund,
    failRefund: money.failRefund,
    /** Each POST /v1/refunds the shop made, in order. */
    refundPosts: account.refundPosts,
    openDispute: money.openDispute,
    closeDispute: money.closeDispute,
    /** Number of distinct sessions created. */
    sessionCount: () => account.sessions.size,
    sessionsNaming: sessions.sessionsNaming,
    discountsTaken: sessions.discountsTaken,
    /** Every promotion code the account holds (the Dashboard's and the shop's), with its coupon. */
    promotionList: () => [...codes],
    refundsOf: money.refundsOf,
    /** A session's status as Stripe reports it: open, complete or expired. */
    sessionStatus: (id: string) => account.sessions.get(id)?.status,
    /** A promotion code the owner makes in the Dashboard (SPRING10, TAKE15 and OLDCODE exist from the start). */
    addPromotion: promotions.addPromotion,
    /** Every promotion code's code, as the Dashboard lists them. */
    promotionCodes: () => codes.map((p) => p.code),
    /** A promotion code by its code (the shop's own included), as the Dashboard shows it. */
    promotion: (code: string) => codes.find((p) => p.code === code),
    /** The owner switches a code on or off. */
    setPromotionActive(code: string, active: boolean) {
      const promo = codes.find((p) => p.code === code);
      if (!promo) throw new Error(`no promotion code ${code}`);
      promo.active = active;
    },
    typeCode: sessions.typeCode,
    close: () => closeServer(server),
  };
}

export type StripeEmulator = Awaited<ReturnType<typeof startStripeEmulator>>;

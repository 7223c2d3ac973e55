import { Hono, type Context } from 'hono';
import { shortPage } from '#worker/frame/pages/short-page.tsx';
import { readReview, reviewOrderOf, votedHref } from '#shared/reviews/review-rules.ts';
import { ReviewForm } from './review-form.tsx';
import { Refusal, refusalStatus } from '#worker/base/refusal.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { takeHit } from '#worker/limits/durable-limit.ts';
import { networkKey, senderKey } from '#worker/limits/sender-key.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { linkedPurchase, voteHelpful, writeReview, type ReviewLink } from '#worker/reviews/review-store.ts';
import { productPath } from '#shared/catalogue/product.ts';
import { readShelf } from '#worker/catalogue/catalogue-reads.ts';
import { pageReads } from '#worker/render/page-reads.ts';
import { checkFillTime, fillTokenFor } from '#worker/contact/fill-time.ts';
import { honeypotValue, turnstileTokenValue } from '#shared/contact/form.ts';
import { screenContact } from '#worker/contact/screen-contact.ts';

/** Reviews one network may post per 10 minutes (a buyer reviews a few products; a flood is refused: 429). */
const REVIEW_WINDOW = { scope: 'review', windowS: 600, limit: 10 } as const;

const THANKS = 'We read every review before it is shown; yours will appear on the product page once it has been read.';

/** "Helpful" votes one network may give per 10 minutes (one per review; a flood is refused: 429). */
const VOTE_WINDOW = { scope: 'review-vote', windowS: 600, limit: 30 } as const;

/** The link's three parts, from the address (GET) or the form (POST). */
const linkOf = (from: Record<string, string | undefined>): ReviewLink => ({
  order: from.order ?? '',
  product: Number(from.product) || 0,
  key: from.key ?? '',
});

/** A link that opens no form: one that is not an order's (404), or one reviewed already, refunded or sent back (409). */
function refusedLink(c: Context<AppEnv>, err: Refusal) {
  const unknown = refusalStatus(err) === 404;
  return shortPage(c, unknown ? 404 : 409, unknown ? 'This review link does not work' : 'This review link is closed', <p>{err.message}</p>);
}

/**
 * Reviews by buyers (issue 49): the invitation's signed link opens a form for one product of one
 * order; a review is kept once per order and product and waits for the owner before it shows.
 */
export const reviewRoutes = new Hono<AppEnv>()
  .get('/reviews/write', async (c) => {
    const link = linkOf(c.req.query());
    try {
      const { productName, reviewed } = await linkedPurchase(c.get('deps').db, link);
      if (reviewed) return shortPage(c, 409, 'You have reviewed this already', <p>Thank you: your review is with us.</p>);
      return shortPage(c, 200, `Review: ${productName}`, <ReviewForm link={link} fillToken={await fillTokenFor(c.get('deps').settings)} />);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      return refusedLink(c, err);
    }
  })
  .post('/reviews/write', async (c) => {
    const deps = c.get('deps');
    const fields = await readFields(c, ['form']);
    const link = linkOf(fields);
    const hit = await takeHit(deps.db, REVIEW_WINDOW, await senderKey(deps.settings.RATE_LIMIT_SECRET, deps.senderAddressOf(c)));
    if (!hit.allowed) {
      c.header('Retry-After', String(hit.retryAfterS));
      return shortPage(c, 429, 'Too many reviews', <p>Please wait a few minutes, then send it again.</p>);
    }
    const read = readReview(fields);
    // The contact form's fill-time check: a review sent sooner than a person could write one (or
    // without the form's token) is shown again to send, rather than kept or dropped: the link is a buyer's.
    const fill = await checkFillTime(deps.settings, fields.fill_token ?? '');
    const tooFast = fill?.kind === 'too_fast' || (fill?.kind === 'unknown' && fill.reason === 'missing');
    const again = async (problem: string) => {
      const { productName } = await linkedPurchase(deps.db, link);
      const form = <ReviewForm link={link} fillToken={await fillTokenFor(deps.settings)} typed={fields} problem={problem} />;
      return shortPage(c, 400, `Review: ${productName}`, form);
    };
    try {
      if (!read.ok) return await again(read.problem);
      if (tooFast) return await again('That was quick: check your review, then send it again.');
      const { order, reviewed } = await linkedPurchase(deps.db, link);
      if (reviewed) throw new Refusal('You have reviewed this already: thank you.');
      // The contact form's other layers, once the link is known good: the honeypot and a token used
      // twice are answered as if kept (a bot learns nothing); Turnstile turned down asks again.
      const screened = await screenContact(deps.settings, deps.db, c.get('log'), {
        form: 'review',
        honeypot: honeypotValue(fields),
        fillToken: fields.fill_token ?? '',
        turnstileToken: turnstileTokenValue(fields),
        senderAddress: deps.senderAddressOf(c),
      });
      if (screened.verdict === 'refuse') return await again('Please confirm you are not a robot, then send your review again.');
      // A token the database could not check ('keep') is written all the same: one review per product of an order is its own bound.
      if (screened.verdict === 'pass' || screened.verdict === 'keep') await writeReview(deps.db, order.id, link.product, read.review);
      return shortPage(c, 200, 'Thank you for your review', <p>{THANKS}</p>);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      return refusedLink(c, err);
    }
  })
  // "Helpful" on a product page's review (a plain form): counted once per network, then back to the
  // review in the order the shopper was reading (post/redirect/get).
  .post('/reviews/:id{[0-9]{1,9}}/helpful', async (c) => {
    const deps = c.get('deps');
    const fields = await readFields(c, ['form']);
    // One vote per network (an IPv4 /24, an IPv6 /48): one person's many addresses count once.
    const voter = await networkKey(deps.settings.RATE_LIMIT_SECRET, deps.senderAddressOf(c));
    const hit = await takeHit(deps.db, VOTE_WINDOW, voter);
    if (!hit.allowed) {
      c.header('Retry-After', String(hit.retryAfterS));
      return shortPage(c, 429, 'Too many votes', <p>Please wait a few minutes, then try again.</p>);
    }
    const id = Number(c.req.param('id'));
    try {
      const { productId } = await voteHelpful(deps, id, voter);
      const product = (await readShelf(pageReads(c), [productId]))?.byId(productId);
      const path = product ? productPath(product) : `/product/${productId}`;
      return c.redirect(c.get('href')(votedHref(path, reviewOrderOf(fields.order), id)), 303);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      return shortPage(c, 404, 'There is no such review', <p>It may have been taken down.</p>);
    }
  });

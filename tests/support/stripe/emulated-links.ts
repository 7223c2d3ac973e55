import { replyJson } from '../loopback';
import type { Route, StripeAccount } from './emulated-account';

/** The account's payment links: GET /v1/payment_links (paged), GET /v1/payment_links/:id, POST /v1/payment_links/:id with `active` (recorded in `linkUpdates`). */
export function emulatedLinks(account: StripeAccount): Route {
  const { links, linkUpdates } = account;
  return (req, res, url, raw) => {
    if (req.method === 'GET' && url.pathname === '/v1/payment_links') {
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
      const after = url.searchParams.get('starting_after');
      const from = after ? links.findIndex((l) => l.id === after) + 1 : 0;
      replyJson(res, 200, {
        object: 'list',
        data: links.slice(from, from + limit),
        has_more: from + limit < links.length,
        url: url.pathname,
      });
      return true;
    }
    const link = /^\/v1\/payment_links\/(plink_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && link?.[1]) {
      const found = links.find((l) => l.id === link[1]);
      if (!found) {
        replyJson(res, 404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_link: '${link[1]}'` },
        });
      } else replyJson(res, 200, found);
      return true;
    }
    const updated = req.method === 'POST' && link?.[1] ? links.find((l) => l.id === link[1]) : undefined;
    if (updated) {
      const active = new URLSearchParams(raw).get('active');
      if (active === 'true' || active === 'false') {
        updated.active = active === 'true';
        linkUpdates.push({ url: updated.url, active: updated.active });
      }
      replyJson(res, 200, updated);
      return true;
    }
    return false;
  };
}

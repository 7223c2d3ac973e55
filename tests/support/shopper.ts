import { BROWSER_UA } from './html';
import type { FetchedPage } from './test-app';

/** A browser without JavaScript: posts forms from the shop's own pages (so with its Origin) and carries the cookie it is given. */
/** A browser's cookie jar, as far as these tests need one: every cookie the shop sets, kept until it is deleted. */
export function shopper(app: { url: string }, headers: Record<string, string> = {}) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (set.includes('Max-Age=0') || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const base = () => ({ 'User-Agent': BROWSER_UA, ...(jar.size > 0 ? { Cookie: cookieHeader() } : {}), ...headers });
  return {
    /** The cart cookie's value, decoded. */
    get cookie() {
      return decodeURIComponent(jar.get('cart') ?? '');
    },
    setCookie(value: string) {
      jar.set('cart', encodeURIComponent(value));
    },
    /** A form's fields (urlencoded), or FormData (multipart, as a form with a file input is sent). */
    async post(path: string, fields: Record<string, string> | FormData, extra: Record<string, string> = {}) {
      const res = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { Origin: app.url, ...base(), ...extra },
        body: fields instanceof FormData ? fields : new URLSearchParams(fields),
        redirect: 'manual',
      });
      keep(res);
      return { res, body: await res.text() };
    },
    async get(path: string): Promise<FetchedPage> {
      const res = await fetch(`${app.url}${path}`, { headers: base(), redirect: 'manual' });
      keep(res);
      return { res, html: await res.text() };
    },
  };
}

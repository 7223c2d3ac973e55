import { site } from './site';

/** Adds the brand suffix unless the title already names the brand. */
export function pageTitle(title: string): string {
  return title.toLowerCase().includes(site.brand.toLowerCase()) ? title : `${title} | ${site.brand}`;
}

/** Makes a relative path or URL absolute against the site's base address. */
export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
}

/**
 * JSON for an inline <script type="application/ld+json">: '<', '>', '&', U+2028 and U+2029 are
 * escaped so content can never close the script tag or break a JS parser.
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => {
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

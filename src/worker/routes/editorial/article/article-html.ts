import { FilterXSS } from 'xss';

/**
 * The tags Markdown in content/ produces for articles; links keep only href, images src, alt and
 * title. Any other tag is removed but its text kept, and every other attribute (style, on*, class,
 * target, rel…) goes.
 */
const allowedTags = {
  h2: [],
  h3: [],
  h4: [],
  p: [],
  ul: [],
  ol: [],
  li: [],
  strong: [],
  em: [],
  blockquote: [],
  code: [],
  pre: [],
  hr: [],
  br: [],
  a: ['href'],
  img: ['src', 'alt', 'title'],
};

/** Removed together with everything inside them: their content is code or embedded media, not prose. */
const droppedWithContent = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'textarea', 'select'];

/**
 * Site-relative, in-page, web and mail links only. Checked on the raw value before xss's own href
 * check (which decodes entities and rejects javascript:, vbscript: and the like) also runs.
 */
const SAFE_HREF = /^(?:\/|#|https?:\/\/|mailto:)/i;

/** Images from the site itself or over https (what the sync accepts). */
const SAFE_SRC = /^(?:\/(?!\/)|https:\/\/)/i;

const filter = new FilterXSS({
  whiteList: allowedTags,
  stripIgnoreTag: true,
  stripIgnoreTagBody: droppedWithContent,
  css: false,
  // '' drops the attribute; undefined hands it to xss's default handling.
  onTagAttr: (tag, name, value) => {
    if (tag === 'a' && name === 'href' && !SAFE_HREF.test(value.trim())) return '';
    if (tag === 'img' && name === 'src' && !SAFE_SRC.test(value.trim())) return '';
    return undefined;
  },
});

/** xss writes every kept link as `<a href="…"`, so an absolute or protocol-relative one is found exactly. */
const EXTERNAL_LINK = /<a (href="(?:https?:)?\/\/)/gi;

/** xss marks where it dropped a tag body; an unclosed or nested dropped tag leaves its marker behind. */
const REMOVED_MARKER = /\[\/?removed\]/g;

/** Article HTML from the database made safe to inline: only the allow-listed tags, safe links, rel on external ones. */
export function sanitizeArticleHtml(html: string): string {
  return filter.process(html).replace(REMOVED_MARKER, '').replace(EXTERNAL_LINK, '<a rel="noopener" $1');
}

/** Sanitised article HTML with its site links (`<a href="/…"`, as xss writes them) put in the page's market. */
export function siteLinksIn(html: string, to: (path: string) => string): string {
  return html.replace(/<a href="(\/(?!\/)[^"]*)"/g, (_, path: string) => `<a href="${to(path)}"`);
}

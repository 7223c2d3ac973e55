import { escapeHtml } from '#shared/site/html-escape.ts';

/**
 * One sentence for the next page a redirect lands on ("SPRING10: 10% off at checkout"), shown once
 * in a status box above the content (no JavaScript needed). Its markup is written here once: the
 * server's render and the step that fills a kept page for its visitor (page-cache/) both use it.
 */
export interface FlashNotice {
  tone: 'info' | 'error';
  text: string;
}

export const FLASH_MAX_CHARS = 300;

/** The cookie's value for a notice, and back (null when it is not one). */
export const flashValue = (notice: FlashNotice): string => `${notice.tone}:${notice.text.slice(0, FLASH_MAX_CHARS)}`;
export function parseFlash(raw: string | undefined): FlashNotice | null {
  const match = raw === undefined ? null : /^(info|error):(.+)$/s.exec(raw);
  return match ? { tone: match[1] as FlashNotice['tone'], text: match[2]!.slice(0, FLASH_MAX_CHARS) } : null;
}

/** The box around the notice. */
export const FLASH_BOX_CLASS = 'mx-auto max-w-7xl px-4 pt-4';

/** The notice inside its box: a status, or an alert when something went wrong. */
export function flashParagraphHtml(notice: FlashNotice): string {
  const error = notice.tone === 'error';
  const look = error ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-green-900';
  return `<p role="${error ? 'alert' : 'status'}" data-flash="${notice.tone}" class="rounded-md border p-4 ${look}">${escapeHtml(notice.text)}</p>`;
}

/** The whole box, as the first thing in <main>. */
export const flashBoxHtml = (notice: FlashNotice): string => `<div class="${FLASH_BOX_CLASS}">${flashParagraphHtml(notice)}</div>`;

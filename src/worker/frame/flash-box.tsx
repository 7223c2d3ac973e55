import { FLASH_BOX_CLASS, flashParagraphHtml, type FlashNotice } from '#shared/visitor/flash-notice.ts';

/**
 * The notice a redirect left for this page (a discount link's "SPRING10: 10% off at checkout"), above
 * the content: the same markup a kept page gets filled in with (shared/visitor/flash-notice.ts).
 */
export function FlashBox({ notice }: { notice: FlashNotice }) {
  return <div className={FLASH_BOX_CLASS} dangerouslySetInnerHTML={{ __html: flashParagraphHtml(notice) }} />;
}

/**
 * Goes right after a block marked `data-whole` (the footer, the consent bar): styles.css paints the
 * block only once this marker has been parsed, so a half-streamed block never shows and then grows.
 */
export function WholeEnd() {
  return <span data-whole-end="" hidden />;
}

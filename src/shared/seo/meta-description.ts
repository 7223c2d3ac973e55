/** Search engines show about this many characters of a description. */
export const META_DESCRIPTION_MAX = 160;

/**
 * A description of at most `max` characters: whitespace collapsed and, when too long, cut at the last
 * whole word that fits with an ellipsis after it (trailing punctuation dropped).
 */
export function metaDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  // The room ends on a word boundary when a space follows it; otherwise its last word is partial.
  const end = clean[max - 1] === ' ' ? room.length : room.lastIndexOf(' ');
  const words = end > 0 ? room.slice(0, end) : room;
  return `${words.replace(/[\s,;:.!?\-–—]+$/, '')}…`;
}

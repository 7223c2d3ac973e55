/**
 * Words a person wrote (a contact message, a name, an address, a campaign's value), as a mail quotes
 * them: between Unicode's isolate marks (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, made to set
 * another's text inside one's own). The HTML part shows what they enclose as text only (never a link
 * or a button: mail-html.tsx), and the marks also keep right-to-left text from turning the shop's
 * words around it. The text part is sent without them (plainText).
 */
const OPEN = '\u2068';
const CLOSE = '\u2069';
const MARKS = /[\u2068\u2069]/g;

/** A person's words, quoted: any marks of their own are dropped, so nothing they write ends the quote. */
export const quoted = (words: string | null | undefined): string => `${OPEN}${(words ?? '').replace(MARKS, '')}${CLOSE}`;

/** The text as sent: the same words without the marks. */
export const plainText = (text: string): string => text.replace(MARKS, '');

export interface Segment {
  text: string;
  /** A person's words: shown as text, never linked. */
  quoted: boolean;
}

/**
 * A mail's lines, each as its runs of the shop's words and quoted words (a quote may span lines: a
 * message of several paragraphs). A mark without its partner quotes to the end of the text: never
 * less than was quoted.
 */
export function quotedLines(text: string): Segment[][] {
  const lines: Segment[][] = [[]];
  let inQuote = false;
  for (const part of text.split(/([\u2068\u2069])/)) {
    if (part === OPEN) inQuote = true;
    else if (part === CLOSE) inQuote = false;
    else
      part.split('\n').forEach((piece, i) => {
        if (i > 0) lines.push([]);
        if (piece) lines.at(-1)!.push({ text: piece, quoted: inQuote });
      });
  }
  return lines;
}

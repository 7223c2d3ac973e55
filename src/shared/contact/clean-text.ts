/**
 * Characters a contact message never needs and that can hide or disguise text in the shop's inbox,
 * logs or database tools: NUL and other C0/C1 controls, DEL, bidirectional overrides and isolates
 * (which reorder what a reader sees), zero-width joiners' cousins used for spoofing, and the BOM.
 */
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
// oxlint-disable-next-line no-control-regex -- tabs and line breaks in a one-line field
const LINE_BREAKS = /[\t\r\n\u2028\u2029]+/g;

/** A one-line field (name, e-mail, phone): hidden characters removed, tabs and line breaks become a space. */
export function cleanLine(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(HIDDEN, '');
}

/** The message: hidden characters removed; line breaks kept (as \n) and tabs kept. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(HIDDEN, '');
}

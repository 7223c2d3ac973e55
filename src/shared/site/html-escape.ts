/** Text made safe inside HTML or XML, in an element or a quoted attribute. */
export const escapeHtml = (s: string): string =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

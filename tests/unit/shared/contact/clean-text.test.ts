import { describe, expect, it } from 'vitest';
import { cleanLine, cleanText } from '#shared/contact/clean-text.ts';

describe('cleanLine and cleanText', () => {
  it('remove NUL, other controls, bidi overrides and isolates, zero-width spaces and the BOM', () => {
    const hidden = 'A\u0000d\u0007a\u001B \u202Eevil\u202C\u2066x\u2069\u200B\uFEFF\u0085\u007F';
    expect(cleanLine(hidden)).toBe('Ada evilx');
    expect(cleanText(hidden)).toBe('Ada evilx');
  });

  it('turn line breaks and tabs in a one-line field into one space', () => {
    expect(cleanLine('Ada\r\nBcc: x@example.com\tY')).toBe('Ada Bcc: x@example.com Y');
  });

  it('keep the line breaks (as \\n) and tabs of a message, and every ordinary letter', () => {
    expect(cleanText('one\r\ntwo\rthree\n\tfour')).toBe('one\ntwo\nthree\n\tfour');
    expect(cleanText('Zoë — 日本 🎯 ñ')).toBe('Zoë — 日本 🎯 ñ');
  });
});

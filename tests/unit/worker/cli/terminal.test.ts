import { describe, expect, it } from 'vitest';
import { terminalSafe } from '#worker/cli/terminal.ts';

describe('text printed in the operator’s terminal', () => {
  it('shows control characters as escapes: no screen clear, no window title, no hidden link, no forged line', () => {
    expect(terminalSafe('\u001b[2J\u001b]0;owned\u0007')).toBe('\\x1b[2J\\x1b]0;owned\\x07');
    expect(terminalSafe('\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\').includes('\u001b')).toBe(false);
    expect(terminalSafe('note\rSP-FAKE paid')).toBe('note\\x0dSP-FAKE paid');
    expect(terminalSafe('right\u202eto left')).toBe('right\\u202eto left');
  });

  it('leaves text, line breaks and accents as they are', () => {
    expect(terminalSafe('Savanorių pr. 178\n£354.99 — 2 × pistol')).toBe('Savanorių pr. 178\n£354.99 — 2 × pistol');
  });
});

// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text for an operator's terminal: every control character but the line break shown as an escape
 * (`\x1b`, `\u202e`), so stored text (a vitals target, a stock note, a customer's name) cannot clear
 * the screen, retitle the window, plant a hidden link or forge a line of the report.
 */
export function terminalSafe(text: string): string {
  return text.replace(CONTROLS, (c) => {
    const code = c.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

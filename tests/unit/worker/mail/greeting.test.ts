import { describe, expect, it } from 'vitest';
import { confirmationGreeting } from '#worker/mail/greeting.ts';
import { plainText, quoted } from '#worker/mail/quoted-text.ts';

describe('confirmationGreeting', () => {
  it('greets by name when the name is only a name', () => {
    expect(confirmationGreeting(' Ada Shooter ')).toBe(`Hello ${quoted('Ada Shooter')},`);
    expect(plainText(confirmationGreeting("J.R. O'Neil-Smith"))).toBe("Hello J.R. O'Neil-Smith,");
    expect(plainText(confirmationGreeting('Zoë Müller'))).toBe('Hello Zoë Müller,');
  });

  it.each([
    'Cheap pills https://spam.example',
    'visit www.spam',
    'bit.ly/abc',
    'WIN at evil.example now',
    'evil\u2024com',
    'mail me x@spam.example',
    'javascript:alert(1)',
    '//spam',
  ])('says only "Hello," when the name could make a link: %s', (name) => {
    expect(confirmationGreeting(name)).toBe('Hello,');
  });

  it('says "Hello," for an empty name', () => {
    expect(confirmationGreeting('  ')).toBe('Hello,');
  });
});

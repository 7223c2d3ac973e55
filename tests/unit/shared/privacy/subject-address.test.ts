import { describe, expect, it } from 'vitest';
import { mailboxOf, readSubjectAddress, sameMailbox } from '#shared/privacy/subject-address.ts';

describe('a privacy request’s address', () => {
  it('is read trimmed, one address or nothing', () => {
    expect(readSubjectAddress('  vera@example.com ')).toBe('vera@example.com');
    expect(readSubjectAddress('not an address')).toBeNull();
  });

  it('is the same mailbox in any case, and with a +tag or Gmail’s dots only where the mail service folds them', () => {
    expect(sameMailbox('Vera@Example.com', 'vera@example.com')).toBe(true);
    expect(sameMailbox('vera+shop@gmail.com', 'V.E.R.A@googlemail.com')).toBe(true);
    expect(sameMailbox('vera+news@outlook.com', 'vera@outlook.com')).toBe(true);
    // Another domain may give vera+mallory@ to another person: not the same mailbox without the owner's word.
    expect(sameMailbox('vera+mallory@example.com', 'vera@example.com')).toBe(false);
    expect(sameMailbox('v.era@example.com', 'vera@example.com')).toBe(false);
    expect(mailboxOf('Sam.Person+orders@gmail.com')).toBe('samperson@gmail.com');
  });
});

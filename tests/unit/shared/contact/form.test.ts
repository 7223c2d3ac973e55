import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, CONTACT_SUBJECTS, contactFields, validateContact } from '#shared/contact/form.ts';

const good = { name: 'Ada', email: 'ada@example.com', phone: '', subject: CONTACT_SUBJECTS[0], message: 'Hello' };
const titleOf = (input: Record<string, unknown>) => {
  const r = validateContact(input);
  return r.ok ? 'ok' : r.problem.title;
};

describe('contact form checks: name, email, email pattern, subject, message, in that order, reporting the first failure only', () => {
  it('reports only the first failure, in the spec order name, email, email pattern, subject, message', () => {
    expect(titleOf({})).toBe('Name is required');
    expect(titleOf({ name: 'Ada' })).toBe('Email is required');
    expect(titleOf({ name: 'Ada', email: 'ada' })).toBe('Invalid email');
    expect(titleOf({ name: 'Ada', email: 'ada@example.com' })).toBe('Subject is required');
    expect(titleOf({ name: 'Ada', email: 'ada@example.com', subject: CONTACT_SUBJECTS[1] })).toBe('Message is required');
    expect(titleOf(good)).toBe('ok');
  });

  it("puts the spec's checks before the extra ones: an empty message outranks a long name", () => {
    expect(titleOf({ ...good, name: 'x'.repeat(CONTACT_LIMITS.name + 1), message: '' })).toBe('Message is required');
    expect(titleOf({ ...good, name: 'x'.repeat(CONTACT_LIMITS.name + 1) })).toBe('Name is too long');
    expect(titleOf({ ...good, message: 'x'.repeat(CONTACT_LIMITS.message + 1) })).toBe('Message is too long');
  });

  it('trims before checking, gives the spec wording and names the field', () => {
    expect(validateContact({ ...good, name: '  \t ' })).toEqual({
      ok: false,
      problem: { field: 'name', title: 'Name is required', description: 'Please enter your name.' },
    });
    expect(validateContact({ ...good, name: '  Ada  ', message: ' Hi \n' })).toEqual({
      ok: true,
      value: { name: 'Ada', email: 'ada@example.com', phone: null, subject: CONTACT_SUBJECTS[0], message: 'Hi' },
    });
  });

  it.each(['a@b', 'a b@c.de', '@c.de', 'a@@c.de', 'a@c .de'])('rejects the address %s', (email) => {
    expect(titleOf({ ...good, email })).toBe('Invalid email');
  });

  it('accepts only a listed subject, and an optional phone of phone characters', () => {
    expect(titleOf({ ...good, subject: 'Something else' })).toBe('Subject is required');
    expect(validateContact({ ...good, phone: ' +44 (0)20 7946-0000 ' })).toMatchObject({
      ok: true,
      value: { phone: '+44 (0)20 7946-0000' },
    });
    expect(titleOf({ ...good, phone: 'ring me' })).toBe('Invalid phone number');
  });

  it('reads non-text values as empty', () => {
    expect(contactFields({ name: 42, email: ['a'], message: null })).toEqual({ name: '', email: '', phone: '', subject: '', message: '' });
  });
});

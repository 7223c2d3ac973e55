import { describe, expect, it } from 'vitest';
import { contactNotices, contactRefusals, validateContact } from '#shared/contact/form.ts';
import { contactStatus, parseContactOutcome } from '#shared/contact/status.ts';

describe('contact page status', () => {
  it('reads only the three outcomes from ?sent=', () => {
    expect(parseContactOutcome('success')).toBe('success');
    expect(parseContactOutcome('partial')).toBe('partial');
    expect(parseContactOutcome('failed')).toBe('failed');
    for (const value of [undefined, '', 'bogus', 'SUCCESS', 'not_saved', 'toString']) expect(parseContactOutcome(value)).toBeUndefined();
  });

  it('shows nothing for a fresh page', () => {
    expect(contactStatus({})).toBeUndefined();
  });

  it('announces an outcome politely with the toast words', () => {
    expect(contactStatus({ outcome: 'partial' })).toEqual({
      role: 'status',
      title: contactNotices.partial.title,
      description: contactNotices.partial.description,
    });
  });

  it('puts a field problem first, then a refusal, as alerts', () => {
    const check = validateContact({ name: ' ', email: '', subject: '', message: '' });
    if (check.ok) throw new Error('expected a problem');
    expect(contactStatus({ problem: check.problem, notice: contactRefusals.too_large, outcome: 'success' })).toEqual({
      role: 'alert',
      title: 'Name is required',
      description: 'Please enter your name.',
    });
    expect(contactStatus({ notice: contactRefusals.rate_limited, outcome: 'success' })).toEqual({
      role: 'alert',
      ...contactRefusals.rate_limited,
    });
  });
});

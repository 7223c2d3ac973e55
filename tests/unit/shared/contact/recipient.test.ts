import { describe, expect, it } from 'vitest';
import { normaliseRecipient } from '#shared/contact/recipient.ts';

describe('normaliseRecipient', () => {
  it('folds case and plus-tags for every domain', () => {
    expect(normaliseRecipient(' Victim+1@Example.COM ')).toBe('victim@example.com');
    expect(normaliseRecipient('victim+a+b@example.com')).toBe('victim@example.com');
  });

  it('drops the dots Gmail ignores, and reads googlemail.com as gmail.com', () => {
    expect(normaliseRecipient('V.i.c.t.i.m+x@googlemail.com')).toBe('victim@gmail.com');
    expect(normaliseRecipient('victim@gmail.com.')).toBe('victim@gmail.com');
  });

  it('keeps dots elsewhere, and odd addresses as they are', () => {
    expect(normaliseRecipient('first.last@example.com')).toBe('first.last@example.com');
    expect(normaliseRecipient('+tag@example.com')).toBe('+tag@example.com');
    expect(normaliseRecipient('no-at-sign')).toBe('no-at-sign');
  });
});

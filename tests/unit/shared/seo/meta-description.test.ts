import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX, metaDescription } from '#shared/seo/meta-description.ts';

describe('metaDescription', () => {
  it('keeps a text that fits, with its whitespace collapsed', () => {
    expect(metaDescription('  Short   and\nsweet. ')).toBe('Short and sweet.');
    const exact = 'x'.repeat(META_DESCRIPTION_MAX);
    expect(metaDescription(exact)).toBe(exact);
  });

  it('cuts a long text after the last whole word that fits and adds an ellipsis', () => {
    const text =
      'Dry-fire practice is the cheapest, most repeatable way to improve your shooting. Here is how to structure safe, purposeful sessions that build grip, trigger press and sight alignment.';
    const cut = metaDescription(text);
    expect(cut).toBe(
      'Dry-fire practice is the cheapest, most repeatable way to improve your shooting. Here is how to structure safe, purposeful sessions that build grip, trigger…',
    );
    expect(cut.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
  });

  it('drops punctuation left before the ellipsis and honours a smaller limit', () => {
    expect(metaDescription('One two, three four', 10)).toBe('One two…');
    expect(metaDescription('alpha beta gamma', 11)).toBe('alpha beta…');
  });

  it('cuts a single overlong word at the limit', () => {
    expect(metaDescription('x'.repeat(200), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});

import { describe, expect, it } from 'vitest';
import { faqPageJsonLd, webPageJsonLd } from '#shared/seo/page-jsonld.ts';

const page = { name: 'Returns & Refunds', description: 'How returns work.', url: 'https://shop.example/returns' };

describe('page structured data', () => {
  it('describes a plain web page, with its revision date when given', () => {
    expect(webPageJsonLd(page)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: 'Returns & Refunds',
      description: 'How returns work.',
      url: 'https://shop.example/returns',
      inLanguage: 'en-GB',
      isPartOf: { '@id': 'https://shop.example/#website' },
    });
    expect(webPageJsonLd(page, { type: 'AboutPage', dateModified: '2025-04-11' })).toMatchObject({
      '@type': 'AboutPage',
      dateModified: '2025-04-11',
    });
  });

  it('lists every question with its plain-text answer on an FAQ page, in order', () => {
    const data = faqPageJsonLd(page, [
      { question: 'Q1?', answer: 'A1.' },
      { question: 'Q2?', answer: 'A2.' },
    ]);
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toEqual([
      { '@type': 'Question', name: 'Q1?', acceptedAnswer: { '@type': 'Answer', text: 'A1.' } },
      { '@type': 'Question', name: 'Q2?', acceptedAnswer: { '@type': 'Answer', text: 'A2.' } },
    ]);
  });
});

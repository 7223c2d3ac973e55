import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd } from '#shared/seo/breadcrumb.ts';

const SITE = 'https://shop.example';

describe('breadcrumbJsonLd', () => {
  it('lists the trail in order with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Training Gun Digest', path: '/training-gun-digest' },
        ],
        SITE,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'Training Gun Digest', item: 'https://shop.example/training-gun-digest' },
      ],
    });
  });
});

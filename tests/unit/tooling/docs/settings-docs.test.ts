import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '#worker/base/settings.ts';

/** The variables the README's settings table names (a row may name two: `A` / `B`). */
function readmeSettings(): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const table = readme.slice(readme.indexOf('## Settings'), readme.indexOf('## Where things live'));
  return [...table.matchAll(/^\| `([A-Z_]+)`(?: \/ `([A-Z_]+)`)? \|/gm)].flatMap((m) => [m[1]!, ...(m[2] ? [m[2]] : [])]);
}

describe('the settings, as the operator reads them', () => {
  const named = readmeSettings();

  it('the README names every setting the schema reads, and nothing else', () => {
    const schema = Object.keys(parseSettings({}, 'node'))
      .concat([
        'TURSO_AUTH_TOKEN',
        'POSTMARK_SERVER_TOKEN',
        'POSTMARK_ACCOUNT_TOKEN',
        'POSTMARK_WEBHOOK_SECRET',
        'ORDERS_TO_EMAIL',
        'RATE_LIMIT_SECRET',
        'CLIENT_IP_HEADER',
        'GTM_ID',
      ])
      .concat([
        'TURNSTILE_SITE_KEY',
        'TURNSTILE_SECRET_KEY',
        'REVIEWS_WIDGET_URL',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STOCK_ALERT_FACTOR',
        'ADMIN_EMAILS',
        'CF_ACCESS_TEAM_URL',
        'CF_ACCESS_AUD',
        'VAT_NUMBER_GB',
        'VAT_NUMBER_LT',
        'LEGAL_NAME_LT',
        'UCP_SIGNING_KEY',
        'ACP_FEED_URL',
        'ACP_FEED_TOKEN',
      ]);
    expect(named.length).toBeGreaterThan(30);
    expect([...new Set(schema)].toSorted()).toEqual([...new Set(named)].toSorted());
  });

  it('.dev.vars.example names every one of them, as the README says it does', () => {
    const example = readFileSync('.dev.vars.example', 'utf8');
    expect(named.filter((name) => !new RegExp(`^(# ?)?${name}=`, 'm').test(example))).toEqual([]);
  });
});

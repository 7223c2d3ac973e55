import { describe, expect, it } from 'vitest';
import { parseSettings } from '#worker/base/settings.ts';
import { operatorMailRefusal } from '#worker/mail/choose-mailer.ts';

const settings = (env: Record<string, string>) => parseSettings(env, 'node');

describe('a command that mails people, run by hand', () => {
  it('may mail from a file database (the outbox is where local mail goes)', () => {
    expect(operatorMailRefusal(settings({}))).toBeNull();
  });

  it('is refused against a remote database without Postmark: the mail would land in this machine’s outbox', () => {
    expect(operatorMailRefusal(settings({ TURSO_DATABASE_URL: 'libsql://shop.turso.io', SITE_URL: 'https://shop.example' }))).toMatch(
      /^set POSTMARK_SERVER_TOKEN/,
    );
  });

  it('is refused against a remote database while SITE_URL is still localhost: its links would lead there', () => {
    expect(operatorMailRefusal(settings({ TURSO_DATABASE_URL: 'libsql://shop.turso.io', POSTMARK_SERVER_TOKEN: 'token' }))).toMatch(
      /^set SITE_URL/,
    );
    expect(
      operatorMailRefusal(
        settings({ TURSO_DATABASE_URL: 'libsql://shop.turso.io', POSTMARK_SERVER_TOKEN: 'token', SITE_URL: 'https://shop.example' }),
      ),
    ).toBeNull();
  });
});

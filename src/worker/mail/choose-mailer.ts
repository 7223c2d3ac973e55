import type { Settings } from '#worker/base/settings.ts';
import type { Mailer } from './mailer.ts';
import { mailLinkPolicy, type LinkPolicy } from './mail-links.ts';
import { createPostmarkMailer } from './postmark-mailer.ts';

/**
 * Postmark when the operator set its token; otherwise what the runtime can do without it
 * (Node: the local outbox; the Worker: a mailer that fails, so messages stay owed for the retry job).
 */
export function chooseMailer(settings: Settings, withoutPostmark: (trusted: LinkPolicy) => Mailer): Mailer {
  const trusted = mailLinkPolicy(settings);
  return settings.POSTMARK_SERVER_TOKEN
    ? createPostmarkMailer(
        settings.POSTMARK_SERVER_TOKEN,
        settings.POSTMARK_API_URL,
        trusted,
        settings.MAIL_TIMEOUT_MS / 1000,
        settings.POSTMARK_BROADCAST_STREAM,
      )
    : withoutPostmark(trusted);
}

/**
 * Why a command run by hand must not mail real people from here, or null when it may: against a
 * remote database (production's orders), mail would otherwise land in this machine's outbox while the
 * command says the shopper was told, and its links would lead to localhost.
 */
export function operatorMailRefusal(settings: Settings): string | null {
  if (settings.TURSO_DATABASE_URL.startsWith('file:')) return null;
  if (!settings.POSTMARK_SERVER_TOKEN) {
    return 'set POSTMARK_SERVER_TOKEN: the database is remote, and without it the mail would go to this machine’s outbox, not to the shopper';
  }
  if (new URL(settings.SITE_URL).hostname === 'localhost')
    return 'set SITE_URL to the shop address (the mail links to the order page there)';
  return null;
}

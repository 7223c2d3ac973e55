import type { Settings } from '#worker/base/settings.ts';
import type { Mailer } from './mailer';
import { createPostmarkMailer } from './postmark-mailer';

/**
 * Postmark when the operator set its token; otherwise what the runtime can do without it
 * (Node: the local outbox; the Worker: a mailer that fails, so messages stay owed for the retry job).
 */
export function chooseMailer(settings: Settings, withoutPostmark: () => Mailer): Mailer {
  return settings.POSTMARK_SERVER_TOKEN
    ? createPostmarkMailer(settings.POSTMARK_SERVER_TOKEN, settings.POSTMARK_API_URL, settings.MAIL_TIMEOUT_MS / 1000)
    : withoutPostmark();
}

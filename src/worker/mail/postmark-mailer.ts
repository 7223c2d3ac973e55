import { ServerClient } from 'postmark';
import type { Mailer } from './mailer';

/** Postmark's API through its official client; apiUrl lets tests point it at a loopback emulation. */
export function createPostmarkMailer(token: string, apiUrl: string, timeoutSeconds = 10): Mailer {
  const url = new URL(apiUrl);
  const client = new ServerClient(token, {
    useHttps: url.protocol === 'https:',
    requestHost: url.host,
    timeout: timeoutSeconds,
  });
  return {
    kind: 'postmark',
    async send(message) {
      const result = await client.sendEmail({
        From: message.from,
        To: message.to,
        ReplyTo: message.replyTo,
        Subject: message.subject,
        TextBody: message.text,
        MessageStream: 'outbound',
      });
      if (result.ErrorCode !== 0) throw new Error(`Postmark error ${result.ErrorCode}: ${result.Message}`);
      return { id: result.MessageID };
    },
  };
}

import { ServerClient } from 'postmark';
import type { Mailer, MailMessage } from './mailer.ts';
import { mailHtml } from './mail-html.tsx';
import type { LinkPolicy } from './mail-links.ts';
import { plainText } from './quoted-text.ts';

/** Postmark's API through its official client; apiUrl lets tests point it at a loopback emulation. */
export function createPostmarkMailer(
  token: string,
  apiUrl: string,
  trusted: LinkPolicy,
  timeoutSeconds = 10,
  broadcastStream = 'broadcast',
): Mailer {
  const streamOf = (stream: MailMessage['stream']) => (stream === 'broadcast' ? broadcastStream : 'outbound');
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
        TextBody: plainText(message.text),
        // Both parts: the HTML in the shop's look, made from the text (mail-html.tsx).
        HtmlBody: await mailHtml(message, trusted),
        MessageStream: streamOf(message.stream),
        Metadata: { mail_id: message.mailId },
        ...(message.headers ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
      });
      if (result.ErrorCode !== 0) throw new Error(`Postmark error ${result.ErrorCode}: ${result.Message}`);
      return { id: result.MessageID };
    },
    /** Postmark's outbound message search by metadata (GET /messages/outbound?metadata_mail_id=…), in the mail's stream (its default: the transactional). */
    async findSent(mailId, stream) {
      const found = await client.getOutboundMessages({ count: 1, offset: 0, metadata_mail_id: mailId, messagestream: streamOf(stream) });
      const message = found.Messages[0];
      return message ? { id: message.MessageID } : null;
    },
  };
}

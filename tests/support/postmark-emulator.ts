import { createServer, type Server } from 'node:http';
import { closeServer, listenOnLoopback, replyJson } from './loopback';

export interface ReceivedEmail {
  token: string | undefined;
  body: Record<string, unknown>;
}

/**
 * Speaks the part of Postmark's HTTP API the shop uses (POST /email, the outbound message search
 * GET /messages/outbound by count, offset and metadata_<key>, and the Account API's POST /data-removals) on 127.0.0.1, so the real postmark
 * client is exercised. `searches` records each search's metadata filter. `mode` decides the next answers: accept, reject (422) or fail (500);
 * recipients listed in `inactive` get Postmark's 406 "inactive recipient" answer while the rest go;
 * 'hang' takes the request and never answers (until the mode changes: then it answers as that mode
 * says). `delayMs` holds every answer that long (a slow Postmark).
 */
export async function startPostmarkEmulator(token = 'test-server-token', accountToken = 'test-account-token') {
  /** POST /data-removals (the Account API: X-Postmark-Account-Token, never a server's token): each request taken. */
  const removals: Array<{ ID: number; RequestedBy: string; RequestedFor: string; NotifyWhenCompleted: boolean }> = [];
  const received: ReceivedEmail[] = [];
  /** The ones answered 200: what Postmark would really deliver. */
  const accepted: ReceivedEmail[] = [];
  const state = { mode: 'accept' as 'accept' | 'reject' | 'fail' | 'hang', inactive: [] as string[], delayMs: 0 };
  const searches: Array<Record<string, string>> = [];
  const messageIds = new WeakMap<ReceivedEmail, string>();
  /**
   * GET /messages/outbound: accepted messages whose Metadata has every metadata_<key> asked for, newest
   * first, in the stream asked for (`messagestream`; as Postmark: the transactional `outbound` without one).
   */
  const search = (url: URL) => {
    const wanted = Object.fromEntries([...url.searchParams].flatMap(([k, v]) => (k.startsWith('metadata_') ? [[k.slice(9), v]] : [])));
    searches.push(wanted);
    const stream = url.searchParams.get('messagestream') ?? 'outbound';
    const matching = accepted
      .filter((m) => (m.body.MessageStream ?? 'outbound') === stream)
      .filter((m) => Object.entries(wanted).every(([k, v]) => (m.body.Metadata as Record<string, string> | undefined)?.[k] === v))
      .toReversed();
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const count = Number(url.searchParams.get('count') ?? 100);
    return {
      TotalCount: matching.length,
      Messages: matching.slice(offset, offset + count).map((m) => ({
        MessageID: messageIds.get(m),
        To: [{ Email: m.body.To, Name: null }],
        Subject: m.body.Subject,
        Metadata: m.body.Metadata ?? {},
        Status: 'Sent',
        MessageStream: m.body.MessageStream,
      })),
    };
  };
  /** Answers held by 'hang', released when the mode changes (checked every 20 ms). */
  const untilAnswered = async () => {
    if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
    while (state.mode === 'hang') await new Promise((r) => setTimeout(r, 20));
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', async () => {
      const given = req.headers['x-postmark-server-token'];
      const url = new URL(req.url ?? '/', 'http://postmark.local');
      if (req.method === 'GET' && url.pathname === '/messages/outbound') {
        if (given !== token) return replyJson(res, 401, { ErrorCode: 10, Message: 'Bad or missing Server API token.' });
        if (state.mode === 'fail') return replyJson(res, 500, { ErrorCode: 500, Message: 'Internal server error' });
        return replyJson(res, 200, search(url));
      }
      if (req.method === 'POST' && url.pathname === '/data-removals') {
        if (req.headers['x-postmark-account-token'] !== accountToken) {
          return replyJson(res, 401, { ErrorCode: 10, Message: 'No Account or Server API tokens were supplied in the HTTP headers.' });
        }
        const asked = JSON.parse(raw) as { RequestedBy?: unknown; RequestedFor?: unknown; NotifyWhenCompleted?: unknown };
        if (typeof asked.RequestedBy !== 'string' || typeof asked.RequestedFor !== 'string') {
          return replyJson(res, 422, { ErrorCode: 1300, Message: 'RequestedBy and RequestedFor are required.' });
        }
        const removal = {
          ID: removals.length + 1,
          RequestedBy: asked.RequestedBy,
          RequestedFor: asked.RequestedFor,
          NotifyWhenCompleted: asked.NotifyWhenCompleted === true,
        };
        removals.push(removal);
        return replyJson(res, 200, { ID: removal.ID, Status: 'Pending' });
      }
      if (req.method !== 'POST' || req.url !== '/email') return replyJson(res, 404, { ErrorCode: 404, Message: 'Not found' });
      if (given !== token) return replyJson(res, 401, { ErrorCode: 10, Message: 'Bad or missing Server API token.' });
      const body = JSON.parse(raw) as Record<string, unknown>;
      // Postmark takes extra headers only as [{ Name, Value }] strings; anything else is refused whole.
      const headers = body.Headers;
      const headersOk =
        headers === undefined ||
        (Array.isArray(headers) &&
          headers.every((h: { Name?: unknown; Value?: unknown }) => typeof h?.Name === 'string' && typeof h?.Value === 'string'));
      if (!headersOk) return replyJson(res, 422, { ErrorCode: 300, Message: "Invalid 'Headers' value." });
      const hung = state.mode === 'hang';
      await untilAnswered();
      // A client that gave up on a hung request never learns of it: not accepted, not counted.
      if (hung && res.destroyed) return;
      received.push({ token: given, body });
      if (state.mode === 'fail') return replyJson(res, 500, { ErrorCode: 500, Message: 'Internal server error' });
      if (state.mode === 'reject') return replyJson(res, 422, { ErrorCode: 300, Message: 'Invalid email request' });
      if (state.inactive.includes(String(body.To))) {
        return replyJson(res, 422, { ErrorCode: 406, Message: 'You tried to send to a recipient that has been marked as inactive.' });
      }
      const email = { token: given, body };
      const messageId = crypto.randomUUID();
      accepted.push(email);
      messageIds.set(email, messageId);
      replyJson(res, 200, {
        To: body.To,
        SubmittedAt: new Date().toISOString(),
        MessageID: messageId,
        ErrorCode: 0,
        Message: 'OK',
      });
    });
  });
  return {
    url: await listenOnLoopback(server),
    token,
    accountToken,
    removals,
    received,
    accepted,
    searches,
    state,
    close: () => closeServer(server),
  };
}

export type PostmarkEmulator = Awaited<ReturnType<typeof startPostmarkEmulator>>;

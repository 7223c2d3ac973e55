import { createServer, type Server } from 'node:http';
import { closeServer, listenOnLoopback, replyJson } from './loopback';

export interface SiteverifyRequest {
  contentType: string | undefined;
  params: Record<string, string>;
}

/** The token the emulation accepts (as the widget would hand a person); anything else fails. */
export const GOOD_TURNSTILE_TOKEN = 'XXXX.GOOD.TOKEN.XXXX';

/**
 * Speaks Cloudflare Turnstile's siteverify (POST, form or JSON body: secret, response, remoteip;
 * answer `{ success, "error-codes" }`) on 127.0.0.1. `state.mode` 'down' answers 503 as an outage would.
 */
export async function startTurnstileEmulator(secret = 'test-turnstile-secret') {
  const received: SiteverifyRequest[] = [];
  const state = { mode: 'up' as 'up' | 'down' };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') return replyJson(res, 404, { success: false });
      const contentType = req.headers['content-type'];
      const params: Record<string, string> = /json/.test(contentType ?? '')
        ? (JSON.parse(raw) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw));
      received.push({ contentType, params });
      if (state.mode === 'down') return replyJson(res, 503, { error: 'unavailable' });
      if (!params.secret) return replyJson(res, 200, { success: false, 'error-codes': ['missing-input-secret'] });
      if (params.secret !== secret) return replyJson(res, 200, { success: false, 'error-codes': ['invalid-input-secret'] });
      if (!params.response) return replyJson(res, 200, { success: false, 'error-codes': ['missing-input-response'] });
      if (params.response !== GOOD_TURNSTILE_TOKEN)
        return replyJson(res, 200, { success: false, 'error-codes': ['invalid-input-response'] });
      replyJson(res, 200, {
        success: true,
        'error-codes': [],
        challenge_ts: new Date().toISOString(),
        hostname: 'shop.example',
        action: 'contact',
      });
    });
  });
  const url = await listenOnLoopback(server);
  return {
    /** What TURNSTILE_VERIFY_URL and the keys should be. */
    env: {
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: secret,
      TURNSTILE_VERIFY_URL: `${url}/turnstile/v0/siteverify`,
    },
    received,
    state,
    close: () => closeServer(server),
  };
}

export type TurnstileEmulator = Awaited<ReturnType<typeof startTurnstileEmulator>>;

import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import { contentDigest, signatureBase, signatureParams, WEBHOOK_COMPONENTS } from '#shared/agents/message-signature.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import type { Logger } from '#worker/base/log.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { Db } from '#worker/db/client.ts';
import { agentOrder } from './agent-orders.ts';
import { platformProfile } from './agent-registry.ts';
import { agentOrderEvents } from './agent-tables.ts';
import { shopSigningKey } from './signing-key.ts';

/** Back-off after each refused delivery (seconds); past the last, the event is given up (the agent can still GET the order). */
const RETRY_AFTER_S = [60, 300, 1800, 7200, 21_600, 43_200, 86_400];
const EVENTS_PER_RUN = 20;
const SEND_TIMEOUT_MS = 10_000;

export interface OrderEventRun {
  sent: number;
  failed: number;
}

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/**
 * The headers of a signed order event (UCP order webhook): Standard Webhooks' id and timestamp, the
 * shop's profile in UCP-Agent, the body's Content-Digest, and an RFC 9421 ES256 signature over them.
 */
export async function signedEventHeaders(settings: Settings, url: string, body: string, eventId: string, now = nowSeconds()) {
  const key = await shopSigningKey(settings.UCP_SIGNING_KEY!);
  const digest = contentDigest(toBase64(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body))));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'ucp-agent': `profile="${new URL('/.well-known/ucp', settings.SITE_URL).toString()}"`,
    'content-digest': digest,
    'webhook-id': eventId,
    'webhook-timestamp': String(now),
  };
  const params = { created: now, keyid: key.kid };
  const base = signatureBase({ method: 'POST', url, headers }, WEBHOOK_COMPONENTS, params);
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key.privateKey, new TextEncoder().encode(base));
  return {
    ...headers,
    'signature-input': `sig1=${signatureParams(WEBHOOK_COMPONENTS, params)}`,
    signature: `sig1=:${toBase64(signature)}:`,
  };
}

/**
 * Sends the order events that are due: each order's whole current state (agents/agent-orders.ts), once
 * for all its owed events, to the webhook its agent's profile names, signed with UCP_SIGNING_KEY. A
 * 2xx marks them sent; anything else tries again later. Without a signing key or a webhook nothing is
 * sent (the events wait for a key; an agent without a webhook has them marked sent: it reads orders).
 */
export async function sendOrderEvents(deps: { db: Db; settings: Settings; log: Logger }, now = nowSeconds()): Promise<OrderEventRun> {
  const { db, settings } = deps;
  const run: OrderEventRun = { sent: 0, failed: 0 };
  if (!settings.UCP_SIGNING_KEY) return run;
  const due = await db
    .select()
    .from(agentOrderEvents)
    .where(and(isNull(agentOrderEvents.sentAt), lte(agentOrderEvents.nextAt, now)))
    .orderBy(asc(agentOrderEvents.nextAt))
    .limit(EVENTS_PER_RUN);
  const byOrder = new Map<string, typeof due>();
  for (const e of due) byOrder.set(`${e.agent}\n${e.orderNumber}`, [...(byOrder.get(`${e.agent}\n${e.orderNumber}`) ?? []), e]);
  for (const events of byOrder.values()) {
    const { agent: name, orderNumber } = events[0]!;
    const ids = events.map((e) => e.id);
    const agent = settings.UCP_AGENTS.find((a) => a.name === name);
    const profile = agent ? await platformProfile(agent) : null;
    const webhook = profile?.ok ? profile.profile.webhookUrl : null;
    const sentAt = new Date(now * 1000).toISOString();
    if (agent && profile?.ok && !webhook) {
      await db.update(agentOrderEvents).set({ sentAt }).where(inArray(agentOrderEvents.id, ids));
      continue;
    }
    const order = webhook ? await agentOrder(deps, name, orderNumber) : null;
    let delivered = false;
    if (webhook && order?.status === 200) {
      const body = JSON.stringify(order.body);
      try {
        const headers = await signedEventHeaders(settings, webhook, body, `evt_${ids.at(-1)}`, now);
        const res = await fetch(webhook, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          redirect: 'manual',
        });
        delivered = res.ok;
        if (!delivered) deps.log('warn', 'order event refused by the agent', { agent: name, status: res.status });
      } catch (err) {
        deps.log('warn', 'order event not delivered', { agent: name, message: err instanceof Error ? err.message : String(err) });
      }
    }
    if (delivered) {
      await db.update(agentOrderEvents).set({ sentAt }).where(inArray(agentOrderEvents.id, ids));
      run.sent++;
      continue;
    }
    run.failed++;
    const attempts = Math.max(...events.map((e) => e.attempts)) + 1;
    const wait = RETRY_AFTER_S[attempts - 1];
    // Past the last wait the events are given up (marked sent): the agent still reads the order.
    await db
      .update(agentOrderEvents)
      .set(wait === undefined ? { sentAt, attempts } : { attempts, nextAt: now + wait })
      .where(inArray(agentOrderEvents.id, ids));
  }
  return run;
}

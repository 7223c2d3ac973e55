import type { Context } from 'hono';
import type { z } from 'zod';
import { agentProfileUri } from '#shared/agents/ucp-profile.ts';
import { firstIssue } from '#shared/agents/ucp-requests.ts';
import { agentOfKey, platformProfile, presentedKey, type RegisteredAgent } from '#worker/agents/agent-registry.ts';
import { protocolError, type AgentDeps, type Answer } from '#worker/agents/agent-answers.ts';
import { errorFields } from '#worker/base/log.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { takeHit } from '#worker/limits/durable-limit.ts';
import { networkKey } from '#worker/limits/sender-key.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';

type C = Context<AppEnv>;

/** The API's answers are about one caller at one moment: never kept by any cache. */
export function send(c: C, answer: Answer) {
  c.header('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(answer.headers ?? {})) c.header(name, value);
  return c.json(answer.body as object, answer.status as 200);
}

export function agentDeps(c: C): AgentDeps {
  const { db, settings, gateway, changes } = c.get('deps');
  return { db, settings, log: c.get('log'), gateway, changes, background: keepAlive(c) };
}

/** The JSON body checked against its schema, or the 400 that says which field is wrong. */
export async function bodyOf<S extends z.ZodType>(
  c: C,
  schema: S,
): Promise<{ ok: true; value: z.infer<S> } | { ok: false; answer: Answer }> {
  const raw = await c.req.text();
  let json: unknown;
  try {
    json = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    return { ok: false, answer: protocolError(400, 'invalid_request', 'The body is not JSON.') };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return { ok: false, answer: { status: 400, body: { code: 'invalid_request', content: issue.content, path: issue.path } } };
  }
  return { ok: true, value: parsed.data };
}

const RATE_WINDOW_S = 60;

/** The registered agent whose key the request carries, or null. */
const agentOfRequest = (c: C) =>
  agentOfKey(
    c.get('deps').settings.UCP_AGENTS,
    presentedKey({ authorization: c.req.header('authorization'), apiKey: c.req.header('x-api-key') }),
  );

/** One agent (or, without a key, one network) makes at most UCP_RATE_LIMIT requests a minute: a 429 with Retry-After after. */
export async function rateLimited(c: C, key: string): Promise<Answer | null> {
  const { db, settings } = c.get('deps');
  if (settings.UCP_RATE_LIMIT === 0) return null;
  const hit = await takeHit(db, { scope: 'ucp', limit: settings.UCP_RATE_LIMIT, windowS: RATE_WINDOW_S }, key);
  return hit.allowed
    ? null
    : protocolError(429, 'rate_limited', 'Too many requests; slow down.', { 'Retry-After': String(hit.retryAfterS) });
}

/** The open catalogue's caller: the registered agent whose key it carries, else its network. */
export async function catalogueCaller(c: C): Promise<string> {
  const { settings, senderAddressOf } = c.get('deps');
  const agent = await agentOfRequest(c);
  return agent ? `agent:${agent.name}` : `network:${await networkKey(settings.RATE_LIMIT_SECRET, senderAddressOf(c))}`;
}

/**
 * A checkout's or an order's caller: a registered agent by its key (401 otherwise), whose UCP-Agent
 * names its registered profile (400 when it names none, 403 another's), whose profile speaks the
 * shop's version (UCP's 422/424), within its rate. Its sessions and orders are its own.
 */
export async function registeredAgent(c: C): Promise<{ ok: true; agent: RegisteredAgent } | { ok: false; answer: Answer }> {
  const agent = await agentOfRequest(c);
  if (!agent)
    return { ok: false, answer: protocolError(401, 'unauthorized', 'A registered agent key is needed.', { 'WWW-Authenticate': 'Bearer' }) };
  const profile = agentProfileUri(c.req.header('ucp-agent'));
  if (!profile)
    return {
      ok: false,
      answer: protocolError(400, 'invalid_profile_url', 'UCP-Agent must name the agent’s profile: profile="https://…".'),
    };
  if (profile !== new URL(agent.profile).toString())
    return { ok: false, answer: protocolError(403, 'forbidden', 'UCP-Agent names a profile this key was not registered with.') };
  const limited = await rateLimited(c, `agent:${agent.name}`);
  if (limited) return { ok: false, answer: limited };
  const outcome = await platformProfile(agent);
  if (!outcome.ok) {
    c.get('log')('warn', 'agent profile refused', { agent: agent.name, code: outcome.code });
    return { ok: false, answer: protocolError(outcome.status, outcome.code, outcome.content) };
  }
  return { ok: true, agent };
}

/** A route's work, its failures answered as UCP's 503 (never a stack trace): the agent retries. */
export async function answering(c: C, work: () => Promise<Answer>) {
  try {
    return send(c, await work());
  } catch (err) {
    c.get('log')('error', 'agent request failed', errorFields(err));
    return send(c, protocolError(503, 'unavailable', 'The shop could not answer now; try again shortly.', { 'Retry-After': '5' }));
  }
}

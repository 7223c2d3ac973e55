import { UCP_VERSION } from '#shared/agents/ucp-profile.ts';
import { sha256Hex } from '#worker/base/hashing.ts';
import type { Settings } from '#worker/base/settings.ts';

export type RegisteredAgent = Settings['UCP_AGENTS'][number];

/** The registered keys' hashes, made once per settings (the list is read from the environment at start). */
const keyHashes = new WeakMap<readonly RegisteredAgent[], Promise<Map<string, RegisteredAgent>>>();

/**
 * The agent whose key the request carries (Authorization: Bearer, or X-API-Key), or null. Keys are
 * compared as SHA-256 hashes, so the comparison's time says nothing of how much of a key was right.
 */
export async function agentOfKey(agents: readonly RegisteredAgent[], key: string | null): Promise<RegisteredAgent | null> {
  if (!key || key.length > 512) return null;
  let hashes = keyHashes.get(agents);
  if (!hashes) {
    hashes = Promise.all(agents.map(async (a) => [await sha256Hex(a.key), a] as const)).then((pairs) => new Map(pairs));
    keyHashes.set(agents, hashes);
  }
  return (await hashes).get(await sha256Hex(key)) ?? null;
}

export function presentedKey(headers: { authorization?: string | undefined; apiKey?: string | undefined }): string | null {
  const bearer = headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? headers.apiKey?.trim() ?? null;
}

/** What the shop reads of an agent's own UCP profile: the protocol version it speaks, and where it wants order events. */
export interface PlatformProfile {
  version: string;
  webhookUrl: string | null;
}

export type ProfileOutcome =
  | { ok: true; profile: PlatformProfile }
  | { ok: false; status: 422 | 424; code: 'profile_unreachable' | 'profile_malformed' | 'version_unsupported'; content: string };

const PROFILE_TIMEOUT_MS = 3000;
/** A profile read is kept this long (per instance): UCP lets both sides cache profiles. */
const PROFILE_KEPT_MS = 5 * 60_000;
const kept = new Map<string, { at: number; outcome: ProfileOutcome }>();

/** The webhook an order capability's config names in a platform profile (UCP order: config.webhook_url). */
function webhookOf(capabilities: unknown): string | null {
  const entries = (capabilities as Record<string, unknown> | undefined)?.['dev.ucp.shopping.order'];
  if (!Array.isArray(entries)) return null;
  for (const entry of entries) {
    const url = (entry as { config?: { webhook_url?: unknown } })?.config?.webhook_url;
    if (typeof url === 'string' && /^https?:\/\//.test(url)) return url;
  }
  return null;
}

/**
 * The registered agent's profile (only a registered agent's: the shop never fetches an address a
 * stranger names), a good read kept five minutes; its version must be the shop's (UCP: a business
 * answers version_unsupported, 422, for any other), an unreachable profile 424, a malformed one 422.
 */
export async function platformProfile(agent: RegisteredAgent, now = Date.now()): Promise<ProfileOutcome> {
  const hit = kept.get(agent.profile);
  if (hit && now - hit.at < PROFILE_KEPT_MS) return hit.outcome;
  const outcome = await fetchProfile(agent.profile);
  // Only a good read is kept: an agent that fixes its profile is heard at once.
  if (outcome.ok) kept.set(agent.profile, { at: now, outcome });
  return outcome;
}

async function fetchProfile(url: string): Promise<ProfileOutcome> {
  let body: unknown;
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
      redirect: 'manual',
    });
    if (!res.ok) return { ok: false, status: 424, code: 'profile_unreachable', content: `The agent's profile answered ${res.status}.` };
    body = await res.json();
  } catch (err) {
    const malformed = err instanceof SyntaxError;
    return malformed
      ? { ok: false, status: 422, code: 'profile_malformed', content: "The agent's profile is not JSON." }
      : { ok: false, status: 424, code: 'profile_unreachable', content: "The agent's profile could not be fetched." };
  }
  const ucp = (body as { ucp?: { version?: unknown; capabilities?: unknown } } | null)?.ucp;
  if (typeof ucp?.version !== 'string')
    return { ok: false, status: 422, code: 'profile_malformed', content: "The agent's profile names no ucp.version." };
  if (ucp.version !== UCP_VERSION)
    return {
      ok: false,
      status: 422,
      code: 'version_unsupported',
      content: `Protocol version ${ucp.version.slice(0, 20)} is not supported. This business supports version ${UCP_VERSION}.`,
    };
  return { ok: true, profile: { version: ucp.version, webhookUrl: webhookOf(ucp.capabilities) } };
}

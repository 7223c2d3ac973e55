import type { AgentEmulator } from './agent-emulator';

/** A registered agent as the tests' shop knows it: its name, its key, its profile on the emulator. */
export interface TestAgent {
  name: string;
  key: string;
  profile: string;
}

export const testAgents = (agents: AgentEmulator): TestAgent[] => [
  { name: 'gemini', key: 'k'.repeat(8) + '-gemini-agent-key-0123456789abcdef', profile: agents.profileUrl('gemini') },
  { name: 'chatgpt', key: 'k'.repeat(8) + '-chatgpt-agent-key-0123456789abcdef', profile: agents.profileUrl('chatgpt') },
];

/** UCP_AGENTS for these agents. */
export const agentsEnv = (agents: readonly TestAgent[]) => JSON.stringify(agents);

/**
 * A call to the shop's UCP REST binding as an agent makes it: its key as a bearer token, its profile
 * in UCP-Agent, JSON in and out; an Idempotency-Key when given.
 */
export async function ucp(
  base: string,
  path: string,
  opts: {
    method?: string;
    body?: unknown;
    raw?: string;
    agent?: TestAgent | null;
    idempotencyKey?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(opts.agent && { authorization: `Bearer ${opts.agent.key}`, 'ucp-agent': `profile="${opts.agent.profile}"` }),
    ...(opts.idempotencyKey && { 'idempotency-key': opts.idempotencyKey }),
    ...opts.headers,
  };
  const res = await fetch(`${base}/ucp${path}`, {
    method: opts.method ?? (opts.body === undefined && opts.raw === undefined ? 'GET' : 'POST'),
    headers,
    ...(opts.raw !== undefined ? { body: opts.raw } : opts.body !== undefined && { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { unparsed: text };
  }
  return { status: res.status, headers: res.headers, json: json as Record<string, any> };
}

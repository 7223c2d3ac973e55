import type { Context } from 'hono';
import { checkoutRequestSchema, completeRequestSchema } from '#shared/agents/ucp-requests.ts';
import type { Answer } from '#worker/agents/agent-answers.ts';
import { notFound, ownCheckout, sessionAnswer, writeCheckout } from '#worker/agents/agent-checkouts.ts';
import { cancelCheckout, completeCheckout } from '#worker/agents/agent-completion.ts';
import { once } from '#worker/agents/agent-idempotency.ts';
import { agentOrder } from '#worker/agents/agent-orders.ts';
import type { RegisteredAgent } from '#worker/agents/agent-registry.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { agentDeps, answering, bodyOf, registeredAgent } from './agent-guard.ts';

type C = Context<AppEnv>;

/** A registered agent's request; a state-changing one runs once per Idempotency-Key (agent-idempotency.ts). */
function asAgent(work: (c: C, agent: RegisteredAgent) => Promise<Answer>, opts: { idempotent?: boolean } = {}) {
  return (c: C) =>
    answering(c, async () => {
      const caller = await registeredAgent(c);
      if (!caller.ok) return caller.answer;
      if (!opts.idempotent) return work(c, caller.agent);
      // The key's fingerprint: the method, the path and the body as sent (Hono keeps the body for the handler's read).
      const request = `${c.req.method} ${new URL(c.req.url).pathname}\n${await c.req.text()}`;
      return once(c.get('deps').db, caller.agent.name, c.req.header('idempotency-key') ?? null, request, () => work(c, caller.agent));
    });
}

/** The session named in the path, if it is this agent's (another agent's is a 404, as one never made). */
async function withSession(
  c: C,
  agent: RegisteredAgent,
  act: (row: NonNullable<Awaited<ReturnType<typeof ownCheckout>>>) => Promise<Answer>,
) {
  const row = await ownCheckout(agentDeps(c), agent.name, c.req.param('id') ?? '');
  return row ? act(row) : notFound();
}

/** Re-reads the body the idempotency step already read (Hono keeps it), checked against the schema. */
const checkoutBody = (c: C) => bodyOf(c, checkoutRequestSchema);

export const createSession = asAgent(
  async (c, agent) => {
    const body = await checkoutBody(c);
    return body.ok ? writeCheckout(agentDeps(c), agent.name, body.value, null) : body.answer;
  },
  { idempotent: true },
);

export const updateSession = asAgent(
  (c, agent) =>
    withSession(c, agent, async (row) => {
      const body = await checkoutBody(c);
      return body.ok ? writeCheckout(agentDeps(c), agent.name, body.value, row) : body.answer;
    }),
  { idempotent: true },
);

export const getSession = asAgent((c, agent) => withSession(c, agent, (row) => sessionAnswer(agentDeps(c), row)));

export const completeSession = asAgent(
  (c, agent) =>
    withSession(c, agent, async (row) => {
      const body = await bodyOf(c, completeRequestSchema);
      return body.ok ? completeCheckout(agentDeps(c), agent.name, row) : body.answer;
    }),
  { idempotent: true },
);

export const cancelSession = asAgent((c, agent) => withSession(c, agent, (row) => cancelCheckout(agentDeps(c), row)), { idempotent: true });

export const getOrder = asAgent((c, agent) => agentOrder(agentDeps(c), agent.name, c.req.param('id') ?? ''));

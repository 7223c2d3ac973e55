import { and, eq, lt } from 'drizzle-orm';
import { nowSeconds } from '#worker/base/clock.ts';
import { sha256Hex } from '#worker/base/hashing.ts';
import type { Db } from '#worker/db/client.ts';
import { agentRequests } from './agent-tables.ts';
import { protocolError, type Answer } from './agent-answers.ts';

/** UCP: an Idempotency-Key's answer is kept at least 24 hours; two days here. */
export const KEY_KEPT_S = 48 * 3600;
/** A first request still running (status 0) is given this long before its key may be taken again (it failed without a word). */
const IN_FLIGHT_S = 60;

/**
 * Runs `act` once per agent and Idempotency-Key: the same key with the same method, path and body is
 * answered as the first was (never a second session); with another request, 409. The key is claimed
 * before `act` runs, so two requests at once cannot both act (the second is told 409, in progress). A
 * 5xx is not kept: the agent's retry acts again.
 */
export async function once(db: Db, agent: string, key: string | null, request: string, act: () => Promise<Answer>): Promise<Answer> {
  if (key === null) return act();
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    return protocolError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible characters.');
  const fingerprint = await sha256Hex(request);
  const now = nowSeconds();
  const where = and(eq(agentRequests.agent, agent), eq(agentRequests.key, key));
  // A claim left by a request that died is taken over once it is old.
  await db.delete(agentRequests).where(and(where, eq(agentRequests.status, 0), lt(agentRequests.at, now - IN_FLIGHT_S)));
  const claimed = await db
    .insert(agentRequests)
    .values({ agent, key, fingerprint, status: 0, body: '', at: now })
    .onConflictDoNothing()
    .returning({ key: agentRequests.key });
  if (claimed.length === 0) {
    const [kept] = await db.select().from(agentRequests).where(where).limit(1);
    if (!kept) return protocolError(409, 'idempotency_conflict', 'This Idempotency-Key is in use; try again.');
    if (kept.fingerprint !== fingerprint)
      return protocolError(409, 'idempotency_conflict', 'This Idempotency-Key was used with another request.');
    if (kept.status === 0)
      return protocolError(409, 'idempotency_in_progress', 'The first request with this Idempotency-Key is still running.', {
        'Retry-After': '1',
      });
    return { status: kept.status, body: JSON.parse(kept.body) as unknown };
  }
  let answer: Answer;
  try {
    answer = await act();
  } catch (err) {
    await db.delete(agentRequests).where(where);
    throw err;
  }
  if (answer.status >= 500) await db.delete(agentRequests).where(where);
  else
    await db
      .update(agentRequests)
      .set({ status: answer.status, body: JSON.stringify(answer.body) })
      .where(where);
  return answer;
}

/** Keys past their keeping (the scheduled job). */
export async function pruneAgentRequests(db: Db, now = nowSeconds()): Promise<number> {
  const gone = await db
    .delete(agentRequests)
    .where(lt(agentRequests.at, now - KEY_KEPT_S))
    .returning({ key: agentRequests.key });
  return gone.length;
}

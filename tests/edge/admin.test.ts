import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, signInOnEdge } from '../support/edge-admin';
import { formToken } from '../support/html';
import { startPostmarkEmulator, type PostmarkEmulator } from '../support/postmark-emulator';
import { startPreparedTurso, type TursoEmulator } from '../support/turso-emulator';
import { startWorker, type TestWorker } from '../support/worker';

/** The back office in the built Worker (workerd): sign-in by mailed link (waitUntil, Postmark), a session kept through Turso's protocol, one action. */
let worker: TestWorker;
let turso: TursoEmulator;
let postmark: PostmarkEmulator;
beforeAll(async () => {
  [turso, postmark] = await Promise.all([startPreparedTurso(), startPostmarkEmulator()]);
  worker = await startWorker({
    TURSO_DATABASE_URL: turso.url,
    TURSO_AUTH_TOKEN: turso.token,
    POSTMARK_SERVER_TOKEN: postmark.token,
    POSTMARK_API_URL: postmark.url,
    ADMIN_EMAILS: 'owner@example.com',
  });
});
afterAll(async () => {
  await worker?.dispose();
  await Promise.all([turso?.close(), postmark?.close()]);
});

describe('the back office on the edge', () => {
  it('signs the owner in by a mailed link and records who received stock', async () => {
    const { asked, signedIn, token, cookie } = await signInOnEdge(worker, postmark, 'Owner@example.com');
    expect(asked.status).toBe(200);
    expect(signedIn.status).toBe(303);
    expect((await worker.get('/admin/sign-in/link', form({ token }))).status).toBe(400);

    const today = await worker.get('/admin', { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(today.status).toBe(200);
    expect(today.headers.get('cache-control')).toBe('no-store');
    expect(await today.text()).toContain('Orders to ship');

    const received = await worker.get(
      '/admin/stock',
      form({ form_token: formToken(), product_id: '4', action: 'add', quantity: '12', note: 'edge delivery' }, cookie),
    );
    expect(received.status).toBe(303);
    const moves = await turso.db.execute("select change, note, actor from stock_moves where note = 'edge delivery'");
    expect(moves.rows.map((r) => [Number(r.change), r.note, r.actor])).toEqual([[12, 'edge delivery', 'owner@example.com']]);
    // Without the cookie nothing is done.
    const refused = await worker.get(
      '/admin/stock',
      form({ form_token: formToken(), product_id: '4', action: 'add', quantity: '1', note: 'no session' }),
    );
    expect(refused.status).toBe(401);
    await refused.text();
  });
});

import { createHmac } from 'node:crypto';
import type { StripeAccount } from './emulated-account';

/**
 * Events as Stripe sends them: about any object (a session, a charge, a refund, a dispute), signed
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint's secret>`;
 * `at` back-dates one (a stale delivery). `deliver` posts one to the shop's endpoint when one is set.
 */
export function emulatedEvents(account: StripeAccount) {
  function signedObjectEvent(type: string, object: object, webhookSecret: string, at = Math.floor(Date.now() / 1000)) {
    const body = JSON.stringify({
      id: `evt_test_${++account.events}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: at,
      type,
      livemode: false,
      data: { object },
    });
    const v1 = createHmac('sha256', webhookSecret).update(`${at}.${body}`).digest('hex');
    return { body, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': `t=${at},v1=${v1}` } };
  }

  /** Posts a signed event about `object` to the shop's endpoint, when one is set; its answer is kept. */
  async function deliver(type: string, object: object) {
    const hook = account.state.webhook;
    if (!hook) return;
    const event = signedObjectEvent(type, object, hook.secret);
    await fetch(hook.url, { method: 'POST', body: event.body, headers: event.headers })
      .then((answer) => account.webhookAnswers.push(answer.status))
      .catch(() => account.webhookAnswers.push(0));
  }

  return { signedObjectEvent, deliver };
}

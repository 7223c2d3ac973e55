import { describe, expect, it } from 'vitest';
import { emailLeaseMs } from '#worker/mail/owed-mail.ts';

describe("a sender's lease on a row's mail", () => {
  it('outlasts a search and a send at the mail time-out, then the database write at its time-out', () => {
    expect(emailLeaseMs(10_000, 5_000)).toBeGreaterThan(10_000 + 10_000 + 5_000);
    expect(emailLeaseMs(30_000, 60_000)).toBeGreaterThan(30_000 + 30_000 + 60_000);
  });
});

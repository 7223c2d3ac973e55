import { describe, expect, it } from 'vitest';
import { parseSettings } from '#worker/base/settings.ts';
import { contactConfirmationEmail, contactEmail } from '#worker/contact/contact-email.ts';

const settings = parseSettings({}, 'node');
const message = (id: number, createdAt: string) => ({
  id,
  createdAt,
  name: 'Sam',
  email: 'sam@example.com',
  phone: null,
  subject: 'Other',
  message: 'Hello',
});

describe("a mail's id (what the retry path asks Postmark about)", () => {
  it('differs for two messages with the same row id saved at different times (a restored database, a preview)', () => {
    const before = contactEmail(message(7, '2026-11-20 10:00:00'), settings).mailId;
    const after = contactEmail(message(7, '2026-11-26 09:30:12'), settings).mailId;
    expect(before).not.toBe(after);
    expect(contactConfirmationEmail(message(7, '2026-11-26 09:30:12'), settings).mailId).not.toBe(after);
    // The same message asks about the same mail, whoever sends it.
    expect(contactEmail(message(7, '2026-11-26 09:30:12'), settings).mailId).toBe(after);
  });
});

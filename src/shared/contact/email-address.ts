import { z } from 'zod/mini';

/** The spec's {email} pattern, as every form has it: one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest address a form takes (RFC 5321's path limit). */
export const EMAIL_MAX = 254;

/** A required address field (trimmed): 'email_required' when empty, 'email_invalid' when too long or not one address. */
export const requiredEmail = () =>
  z
    .string('email_required')
    .check(z.trim(), z.minLength(1, 'email_required'), z.maxLength(EMAIL_MAX, 'email_invalid'), z.regex(EMAIL_PATTERN, 'email_invalid'));

import { describe, expect, it } from 'vitest';
import { errorFields } from '#worker/base/log.ts';

describe('errorFields', () => {
  it("keeps a failed query's SQL and cause but drops its bound values (personal data)", () => {
    const err = new Error('Failed query: insert into "form_submissions" ("name", "email") values (?, ?)\nparams: Ada,ada@example.com', {
      cause: new Error('SQLITE_ERROR: no such table: form_submissions'),
    });
    const fields = errorFields(err);
    expect(fields.error).toBe('Failed query: insert into "form_submissions" ("name", "email") values (?, ?)\nparams: (omitted)');
    expect(fields.cause).toBe('SQLITE_ERROR: no such table: form_submissions');
    expect(String(fields.stack)).toContain('params: (omitted)');
    expect(JSON.stringify(fields)).not.toContain('ada@example.com');
  });

  it('reads anything thrown', () => {
    expect(errorFields('plain')).toEqual({ error: 'plain' });
    expect(errorFields(new TypeError('bad'))).toMatchObject({ error: 'bad', errorName: 'TypeError' });
  });
});

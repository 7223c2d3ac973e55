import type { ContactOutcome, ContactProblem, ContactResponse, Notice } from './form.ts';

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNotice = (v: unknown): v is Notice => isRecord(v) && isText(v.title) && isText(v.description);
const FIELDS = ['name', 'email', 'phone', 'subject', 'message'];
const OUTCOMES: readonly ContactOutcome[] = ['success', 'partial', 'failed'];

/**
 * What the island makes of the contact post's JSON answer: the contract's shapes (the API's own answers and
 * the app's refusals, which carry a notice), or null for anything else (a proxy's 502 page, a JSON
 * error from something in between), which the island reports as "not saved, try again".
 */
export function readContactAnswer(value: unknown): ContactResponse | null {
  if (!isRecord(value)) return null;
  if (value.ok === true) {
    const { id, outcome, formToken } = value;
    return typeof id === 'number' && OUTCOMES.includes(outcome as ContactOutcome)
      ? { ok: true, id, outcome: outcome as ContactOutcome, ...(isText(formToken) && { formToken }) }
      : null;
  }
  if (value.ok !== false || !isText(value.error)) return null;
  if (value.error === 'invalid') {
    const problem = value.problem;
    return isNotice(problem) && FIELDS.includes((problem as ContactProblem).field)
      ? { ok: false, error: 'invalid', problem: problem as ContactProblem }
      : null;
  }
  return isNotice(value.notice) ? ({ ok: false, error: value.error, notice: value.notice } as ContactResponse) : null;
}

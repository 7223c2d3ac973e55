import { contactNotices, type ContactOutcome, type ContactPageState, type Notice } from './form.ts';

/** A message the contact page shows in its body: 'alert' for something to fix, 'status' for news. */
export interface ContactStatus extends Notice {
  role: 'alert' | 'status';
}

const outcomes: readonly ContactOutcome[] = ['success', 'partial', 'failed'];

/** /contact?sent=…: only the three outcomes mean anything; any other value is ignored. */
export function parseContactOutcome(value: string | undefined): ContactOutcome | undefined {
  return outcomes.find((o) => o === value);
}

/**
 * What the plain-HTML path tells the visitor: the problem with a field, else a refusal, else the
 * outcome of a message just sent (the same words as the toasts the script shows).
 */
export function contactStatus(state: ContactPageState): ContactStatus | undefined {
  if (state.problem) return { role: 'alert', title: state.problem.title, description: state.problem.description };
  if (state.notice) return { role: 'alert', ...state.notice };
  if (state.outcome) {
    const { title, description } = contactNotices[state.outcome];
    return { role: 'status', title, description };
  }
  return undefined;
}

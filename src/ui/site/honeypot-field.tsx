import { CONTACT_HONEYPOT_FIELD } from '#shared/contact/form.ts';

/**
 * The forms' honeypot (CONTACT_HONEYPOT_FIELD): off-screen, out of the tab order and of autofill, so
 * only bots fill it; a post with it filled is dropped (screen-contact.ts).
 */
export function HoneypotField({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`${id}-${CONTACT_HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input
        id={`${id}-${CONTACT_HONEYPOT_FIELD}`}
        name={CONTACT_HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

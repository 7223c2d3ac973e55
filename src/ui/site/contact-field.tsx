import type { ReactNode } from 'react';

export const fieldClass =
  'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 shadow-sm focus-visible:border-red-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';

/**
 * A labelled form control. Required fields show an asterisk (hidden from screen readers, which
 * hear the control's own required state instead).
 */
export function ContactField(props: { id: string; label: string; required?: boolean; hint?: string; children: ReactNode }) {
  const { id, label, required, hint, children } = props;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-900">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
        {hint && <span className="ml-1 font-normal text-stone-600">{hint}</span>}
      </label>
      {children}
    </div>
  );
}

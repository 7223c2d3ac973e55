import type { ReactNode } from 'react';

/** A postal address as the shop shows one everywhere: its lines one under another (`children` before them, e.g. a label). */
export function PostalAddress({ lines, className, children }: { lines: readonly string[]; className: string; children?: ReactNode }) {
  return (
    <address className={className}>
      {children}
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

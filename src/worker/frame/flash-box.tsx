import type { FlashNotice } from '#worker/http/flash-notice.ts';

/** The notice a redirect left for this page (a discount link's "SPRING10: 10% off at checkout"), above the content. */
export function FlashBox({ notice }: { notice: FlashNotice }) {
  const error = notice.tone === 'error';
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4">
      <p
        role={error ? 'alert' : 'status'}
        data-flash={notice.tone}
        className={`rounded-md border p-4 ${error ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-green-900'}`}
      >
        {notice.text}
      </p>
    </div>
  );
}

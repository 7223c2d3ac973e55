import * as Toast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, TOAST_DURATION_MS } from '#ui/state/toast-store.ts';
import { useHref } from '#ui/state/market-context.ts';

const none: never[] = [];

/**
 * The page's toast area (Radix Toast): 5 s each, paused while hovered or focused, swipe right
 * more than 50 px to dismiss, F8 moves focus to it.
 */
export default function Toaster() {
  const to = useHref();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, () => none);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          className={`toast ${t.variant === 'destructive' ? 'toast-destructive' : ''}`}
          data-variant={t.variant ?? 'default'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
        >
          <Toast.Title className="font-semibold">{t.title}</Toast.Title>
          {t.description && <Toast.Description className="mt-1 text-sm">{t.description}</Toast.Description>}
          {t.action && (
            <Toast.Action altText={t.action.label} asChild>
              <a href={to(t.action.href)} className="mt-2 inline-block text-sm font-semibold underline underline-offset-2">
                {t.action.label}
              </a>
            </Toast.Action>
          )}
          <Toast.Close className="toast-close" aria-label="Dismiss notification">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport hotkey={['F8']} className="toast-viewport" />
    </Toast.Provider>
  );
}

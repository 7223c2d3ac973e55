/** Toasts any island can raise; the Toaster island shows them, at most one at a time. */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A link under the message, e.g. to the cart. */
  action?: { label: string; href: string };
}

type Listener = (toasts: ToastMessage[]) => void;

const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

let toasts: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l(toasts);
}

/** Shows a toast; with the limit of one, a new toast replaces the one on screen. */
export function toast(message: Omit<ToastMessage, 'id'>): number {
  const id = nextId++;
  toasts = [{ ...message, id }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function getToasts(): ToastMessage[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

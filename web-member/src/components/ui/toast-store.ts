import { createStore } from '@/lib/create-store';

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 16;

export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  message: string;
  detail?: string;
  /** Stays until the member closes it. */
  persistent: boolean;
}

export type ToastInput = Omit<Toast, 'id' | 'persistent'> & { persistent?: boolean };

/** Toasts on screen; each closes after 3000 ms unless persistent, and always by its close button. */
export function createToaster(durationMs = TOAST_DURATION_MS) {
  const store = createStore<{ toasts: Toast[] }>({ toasts: [] });
  let nextId = 1;
  const dismiss = (id: number) => store.set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  return {
    store,
    dismiss,
    show(input: ToastInput): number {
      const toast: Toast = { ...input, persistent: input.persistent ?? false, id: nextId++ };
      store.set((state) => ({ toasts: [...state.toasts, toast] }));
      if (!toast.persistent) setTimeout(() => dismiss(toast.id), durationMs);
      return toast.id;
    },
  };
}

export const toaster = createToaster();

export const toast = {
  error: (message: string, options: Partial<ToastInput> = {}) => toaster.show({ kind: 'error', message, ...options }),
  success: (message: string, options: Partial<ToastInput> = {}) =>
    toaster.show({ kind: 'success', message, ...options }),
};

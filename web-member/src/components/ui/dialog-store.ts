import { createStore } from '@/lib/create-store';

export interface BlockingDialog {
  id: number;
  title: string;
  message?: string;
  /** A secondary explanation under the message (e.g. the server's own words). */
  detail?: string;
  /** Shown as a numbered list (server field errors). */
  items?: string[];
  onClose?: () => void;
}

/** Blocking dialogs wait in line; the first one is shown until closed. */
export const dialogs = createStore<{ queue: BlockingDialog[] }>({ queue: [] });
let nextId = 1;

export function openDialog(dialog: Omit<BlockingDialog, 'id'>): void {
  dialogs.set((state) => ({ queue: [...state.queue, { ...dialog, id: nextId++ }] }));
}

export function closeDialog(id: number): void {
  const closing = dialogs.get().queue.find((dialog) => dialog.id === id);
  dialogs.set((state) => ({ queue: state.queue.filter((dialog) => dialog.id !== id) }));
  closing?.onClose?.();
}

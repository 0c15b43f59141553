import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api/client';
import { useAppState } from '@/stores/app-state';

/** Saved this long after the member stops typing (and at once when the page is hidden or the editor closes). */
export const DRAFT_SAVE_DELAY_MS = 1500;
/** `fetch` keepalive bodies are limited to 64 KB; a longer draft leaving with the page is sent without it. */
const KEEPALIVE_MAX = 60_000;

export type DraftExtraValue = string | number | boolean | null | string[];

/** What an editor keeps (services/forum/src/drafts/draft.schemas.ts). */
export interface DraftValues {
  title?: string;
  content: string;
  format?: 'html' | 'markdown';
  extra?: Record<string, DraftExtraValue>;
}

export interface SavedDraft extends Required<Omit<DraftValues, 'extra'>> {
  key: string;
  extra: Record<string, DraftExtraValue>;
  updatedAt: string;
}

export interface DraftControl {
  /** The draft found when the editor opened, once restored (for the "draft restored · discard" note), else null. */
  restored: SavedDraft | null;
  /** Whether the server has answered whether there is a draft (an editor with initial content may wait for it). */
  settled: boolean;
  /** The member changed the text: saved after `DRAFT_SAVE_DELAY_MS`; nothing left to keep discards the draft. */
  change(values: DraftValues): void;
  /** The member asked to throw the draft away. */
  discard(): void;
  /** The post was sent: the draft goes (a save still waiting is dropped, one on its way is discarded after it). */
  sent(): void;
}

export const draftPath = (key: string) => `/api/forum/drafts/${encodeURIComponent(key)}`;

/**
 * Draft calls happen behind the member's back: no loading bar, no toast, and never a trip to /login in the middle of
 * typing (a lost session shows on the member's next own action).
 */
const QUIET = { silent: true, loading: false, redirectOnAuthFailure: false } as const;

const isEmpty = (values: DraftValues) => !values.content.trim() && !(values.title ?? '').trim();

/**
 * The calls about one draft, one after another across every editor of the page: a box closed and opened again (a
 * reply box, the comment box remounted for a quote) reads its draft only after the last save or discard landed.
 */
const queues = new Map<string, Promise<unknown>>();

function inTurn<T>(key: string, call: () => Promise<T>): Promise<T> {
  const next = (queues.get(key) ?? Promise.resolve()).then(call);
  const settled = next.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

/**
 * A member's server-side draft for one editor (docs/rules/forum.md, drafts): asked for when the editor opens and
 * handed to `onRestore` (unless the member has already typed), saved while the member writes, discarded on send or
 * on request. `key` null (a visitor, or an editor that keeps no draft) turns it all off. Saves and discards go out
 * one after another, so a late save never brings back a discarded draft.
 */
export function useDraft(key: string | null, onRestore: (draft: SavedDraft) => void): DraftControl {
  const memberId = useAppState((state) => state.systemUser?.id ?? null);
  const active = key !== null && memberId !== null;
  const [restored, setRestored] = useState<SavedDraft | null>(null);
  const [settled, setSettled] = useState(!active);
  const pending = useRef<DraftValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typed = useRef(false);
  const restoreRef = useRef(onRestore);
  restoreRef.current = onRestore;

  const write = useCallback(
    (values: DraftValues | null, leaving = false) => {
      if (!active || key === null) return;
      const path = draftPath(key);
      if (values === null || isEmpty(values)) {
        void inTurn(path, () => api.request('DELETE', path, { ...QUIET, keepalive: leaving })).catch(() => undefined);
        return;
      }
      const json = { ...values, title: values.title ?? '', format: values.format ?? 'html', extra: values.extra ?? {} };
      const keepalive = leaving && JSON.stringify(json).length < KEEPALIVE_MAX;
      // A failed save is left to the next one (the member keeps typing, or leaves with the text in the box).
      void inTurn(path, () => api.request('PUT', path, { ...QUIET, json, keepalive })).catch(() => undefined);
    },
    [active, key],
  );

  const flush = useCallback(
    (leaving = false) => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      const values = pending.current;
      pending.current = null;
      if (values) write(values, leaving);
    },
    [write],
  );

  useEffect(() => {
    if (!active || key === null) return;
    let current = true;
    typed.current = false;
    setSettled(false);
    setRestored(null);
    const path = draftPath(key);
    inTurn(path, () => api.get<SavedDraft>(path, QUIET))
      .then((draft) => {
        if (!current || typed.current) return;
        restoreRef.current(draft);
        setRestored(draft);
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setSettled(true);
      });
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const leaving = () => flush(true);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      // The editor closes (another screen, a closed reply box): what is waiting is saved now.
      flush();
    };
  }, [active, key, flush]);

  const change = useCallback(
    (values: DraftValues) => {
      if (!active) return;
      typed.current = true;
      pending.current = values;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(), DRAFT_SAVE_DELAY_MS);
    },
    [active, flush],
  );

  const drop = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    typed.current = true;
    setRestored(null);
    write(null);
  }, [write]);

  return { restored, settled, change, discard: drop, sent: drop };
}

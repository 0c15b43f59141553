export interface PermissionChange {
  /** The member whose grants changed; null when a role changed (it may concern everyone). */
  memberId: string | null;
  projection: string;
  streamId: string;
  version: number;
}

type Listener = (change: PermissionChange) => void;

/**
 * In-process notices from a context's permission projection to that context's checkers, so cached permission
 * sets are dropped as soon as a role or grant changes. Keyed by context: in the all-in-one process each context
 * has its own projection and checker.
 */
class PermissionChanges {
  private readonly listeners = new Map<string, Set<Listener>>();

  listen(context: string, listener: Listener): () => void {
    const set = this.listeners.get(context) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(context, set);
    return () => set.delete(listener);
  }

  announce(context: string, change: PermissionChange): void {
    for (const listener of this.listeners.get(context) ?? []) listener(change);
  }
}

export const permissionChanges = new PermissionChanges();

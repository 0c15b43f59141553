import type { ProjectionWaiter } from '@forum/event-bus';
import type { HandleResult } from '@forum/event-store';

/** Waits until each named projection has applied its stream's version; true if all did within the timeout. */
export async function allVisible(
  waiter: ProjectionWaiter,
  timeoutMs: number,
  waits: { projection: string; result: Pick<HandleResult, 'streamId' | 'version'> | null }[],
): Promise<boolean> {
  const applied = await Promise.all(
    waits.map(({ projection, result }) =>
      result && result.version > 0
        ? waiter.waitFor(projection, result.streamId, result.version, timeoutMs)
        : Promise.resolve(true),
    ),
  );
  return applied.every(Boolean);
}

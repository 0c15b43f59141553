import { afterEach } from 'vitest';

// Pure-logic test files run in the node environment (faster); DOM tests get cleaned up after each test.
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // `findBy…` waits 1 s by default. A lazily loaded screen (its route, data, the editor) took longer in CI, where
  // the host stole 55–68 % of the two vCPUs: wait as long as a person would before calling the screen broken.
  configure({ asyncUtilTimeout: 15_000 });
  // jsdom has no layout; the router's scroll restoration calls this.
  window.scrollTo = () => undefined;
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}

import { afterEach } from 'vitest';

// Pure-logic test files run in the node environment (faster); DOM tests get cleaned up after each test.
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  // jsdom has no layout; the router's scroll restoration calls this.
  window.scrollTo = () => undefined;
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}

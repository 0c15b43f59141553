// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createVisitTracker } from './visit-tracker';

describe('visit tracking', () => {
  it('reports each new path with the previous one as referrer', () => {
    const report = vi.fn(() => Promise.resolve());
    const track = createVisitTracker(report, 'https://search.example/?q=forum', () => 42);
    track('/');
    track('/thread?topicId=1');
    expect(report.mock.calls).toEqual([
      [{ url: '/', referrer: 'https://search.example/?q=forum', timestamp: 42 }],
      [{ url: '/thread?topicId=1', referrer: '/', timestamp: 42 }],
    ]);
  });

  it('swallows a failing report', async () => {
    const track = createVisitTracker(() => Promise.reject(new Error('offline')), '');
    expect(() => track('/')).not.toThrow();
    await Promise.resolve();
  });
});

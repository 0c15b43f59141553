// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoadingTracker } from './loading-tracker';

afterEach(() => {
  vi.useRealTimers();
});

describe('loading indicator debounce', () => {
  it('shows at once and closes 300 ms after the last request ended', () => {
    vi.useFakeTimers();
    const changes: boolean[] = [];
    const tracker = createLoadingTracker((visible) => changes.push(visible));
    tracker.update(1);
    expect(changes).toEqual([true]);
    tracker.update(0);
    vi.advanceTimersByTime(299);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
  });

  it('stays open when a new request starts within the 300 ms', () => {
    vi.useFakeTimers();
    const changes: boolean[] = [];
    const tracker = createLoadingTracker((visible) => changes.push(visible));
    tracker.update(1);
    tracker.update(0);
    vi.advanceTimersByTime(200);
    tracker.update(1);
    vi.advanceTimersByTime(500);
    expect(changes).toEqual([true]);
    tracker.update(0);
    vi.advanceTimersByTime(300);
    expect(changes).toEqual([true, false]);
  });
});

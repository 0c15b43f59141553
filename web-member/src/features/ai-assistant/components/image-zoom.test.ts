// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { initialView, rotate, zoomByWheel, zoomIn, zoomOut, ZOOM_MAX, ZOOM_MIN } from './image-zoom';

const times = <T>(count: number, step: (value: T) => T, start: T): T =>
  Array.from({ length: count }).reduce<T>((value) => step(value), start);

describe('image viewer zoom', () => {
  it('buttons zoom by 1.4', () => {
    expect(zoomIn(initialView).scale).toBeCloseTo(1.4);
    expect(zoomOut(initialView).scale).toBeCloseTo(1 / 1.4);
    expect(zoomIn(zoomIn(initialView)).scale).toBeCloseTo(1.96);
  });

  it('the wheel zooms by 1.2: up zooms in, down zooms out', () => {
    expect(zoomByWheel(initialView, -100).scale).toBeCloseTo(1.2);
    expect(zoomByWheel(initialView, 100).scale).toBeCloseTo(1 / 1.2);
    expect(zoomByWheel(initialView, 0)).toBe(initialView);
  });

  it('never goes above 7 or below 0.2', () => {
    expect(times(20, zoomIn, initialView).scale).toBe(ZOOM_MAX);
    expect(times(20, zoomOut, initialView).scale).toBe(ZOOM_MIN);
    expect(times(50, (view) => zoomByWheel(view, -1), initialView).scale).toBe(7);
    expect(times(50, (view) => zoomByWheel(view, 1), initialView).scale).toBe(0.2);
  });

  it('rotates by 90 degrees and comes back round', () => {
    expect(rotate(initialView).rotation).toBe(90);
    expect(times(3, rotate, initialView).rotation).toBe(270);
    expect(times(4, rotate, initialView).rotation).toBe(0);
    expect(rotate(zoomIn(initialView)).scale).toBeCloseTo(1.4);
  });
});

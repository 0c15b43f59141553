// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cropBoxOf, initialView, moveBy, zoomOf, zoomTo } from './crop-geometry';

const landscape = { width: 800, height: 400 };
const SIZE = 200;

describe('square crop', () => {
  it('starts centred with the short side filling the square', () => {
    const view = initialView(landscape, SIZE);
    expect(view.scale).toBe(0.5);
    expect(cropBoxOf(view, landscape, SIZE)).toEqual({ x: 200, y: 0, width: 400, height: 400 });
  });

  it('drags within the picture, never showing an empty edge', () => {
    const start = initialView(landscape, SIZE);
    expect(cropBoxOf(moveBy(start, 50, 0, landscape, SIZE), landscape, SIZE).x).toBe(100);
    expect(cropBoxOf(moveBy(start, 1000, 1000, landscape, SIZE), landscape, SIZE)).toMatchObject({ x: 0, y: 0 });
    expect(cropBoxOf(moveBy(start, -1000, 0, landscape, SIZE), landscape, SIZE)).toMatchObject({ x: 400 });
  });

  it('zooms around the middle, between 1 and 4 times', () => {
    const start = initialView(landscape, SIZE);
    const zoomed = zoomTo(start, 2, landscape, SIZE);
    expect(zoomOf(zoomed, landscape, SIZE)).toBe(2);
    expect(cropBoxOf(zoomed, landscape, SIZE)).toEqual({ x: 300, y: 100, width: 200, height: 200 });
    expect(zoomOf(zoomTo(start, 10, landscape, SIZE), landscape, SIZE)).toBe(4);
    expect(zoomOf(zoomTo(start, 0.2, landscape, SIZE), landscape, SIZE)).toBe(1);
  });
});

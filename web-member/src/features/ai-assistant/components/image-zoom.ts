/** Zoom and rotation of the AI chat image preview (docs/rules/assistant.md). */
export const ZOOM_MIN = 0.2;
export const ZOOM_MAX = 7;
export const BUTTON_ZOOM_STEP = 1.4;
export const WHEEL_ZOOM_STEP = 1.2;
export const ROTATE_STEP_DEG = 90;

export interface ImageView {
  scale: number;
  /** Degrees, 0, 90, 180 or 270. */
  rotation: number;
}

export const initialView: ImageView = { scale: 1, rotation: 0 };

const clamp = (scale: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));

export function zoomIn(view: ImageView, step = BUTTON_ZOOM_STEP): ImageView {
  return { ...view, scale: clamp(view.scale * step) };
}

export function zoomOut(view: ImageView, step = BUTTON_ZOOM_STEP): ImageView {
  return { ...view, scale: clamp(view.scale / step) };
}

/** Wheel up (negative deltaY) zooms in, wheel down zooms out, by the wheel's smaller step. */
export function zoomByWheel(view: ImageView, deltaY: number): ImageView {
  if (deltaY === 0) return view;
  return deltaY < 0 ? zoomIn(view, WHEEL_ZOOM_STEP) : zoomOut(view, WHEEL_ZOOM_STEP);
}

export function rotate(view: ImageView): ImageView {
  return { ...view, rotation: (view.rotation + ROTATE_STEP_DEG) % 360 };
}

export const canZoomIn = (view: ImageView) => view.scale < ZOOM_MAX;
export const canZoomOut = (view: ImageView) => view.scale > ZOOM_MIN;

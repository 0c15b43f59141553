/**
 * The square cropper's arithmetic. The viewport is a square of `size` CSS pixels showing the image scaled by
 * `scale` (viewport pixels per image pixel) with its top-left corner at `offsetX/offsetY` (≤ 0): whatever the
 * viewport shows is the avatar. The image always covers the viewport.
 */
export interface CropView {
  scale: number;
  offsetX: number;
  offsetY: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

export const MAX_ZOOM = 4;

/** The smallest scale at which the image still covers the viewport. */
export function coverScale(image: ImageSize, size: number): number {
  return size / Math.min(image.width, image.height);
}

/** Centred, the shorter side filling the viewport. */
export function initialView(image: ImageSize, size: number): CropView {
  const scale = coverScale(image, size);
  return clampView(
    { scale, offsetX: (size - image.width * scale) / 2, offsetY: (size - image.height * scale) / 2 },
    image,
    size,
  );
}

/** Keeps the image covering the viewport (no empty edge) and the zoom within 1…MAX_ZOOM. */
export function clampView(view: CropView, image: ImageSize, size: number): CropView {
  const min = coverScale(image, size);
  const scale = Math.min(Math.max(view.scale, min), min * MAX_ZOOM);
  const clamp = (offset: number, length: number) => Math.min(0, Math.max(size - length * scale, offset));
  return { scale, offsetX: clamp(view.offsetX, image.width), offsetY: clamp(view.offsetY, image.height) };
}

/** Dragging by (dx, dy) viewport pixels. */
export function moveBy(view: CropView, dx: number, dy: number, image: ImageSize, size: number): CropView {
  return clampView({ ...view, offsetX: view.offsetX + dx, offsetY: view.offsetY + dy }, image, size);
}

/** Zoom (1 = cover) around the viewport's centre, so the middle of the picture stays in the middle. */
export function zoomTo(view: CropView, zoom: number, image: ImageSize, size: number): CropView {
  const centreX = (size / 2 - view.offsetX) / view.scale;
  const centreY = (size / 2 - view.offsetY) / view.scale;
  const scale = coverScale(image, size) * zoom;
  return clampView({ scale, offsetX: size / 2 - centreX * scale, offsetY: size / 2 - centreY * scale }, image, size);
}

export function zoomOf(view: CropView, image: ImageSize, size: number): number {
  return view.scale / coverScale(image, size);
}

/** The square the viewport shows, in whole image pixels, always inside the image. */
export function cropBoxOf(view: CropView, image: ImageSize, size: number) {
  const side = Math.max(1, Math.min(Math.round(size / view.scale), image.width, image.height));
  const x = Math.min(Math.max(0, Math.round(-view.offsetX / view.scale)), image.width - side);
  const y = Math.min(Math.max(0, Math.round(-view.offsetY / view.scale)), image.height - side);
  return { x, y, width: side, height: side };
}

import sharp from 'sharp';
import { DomainError } from '@forum/event-store';
import type { CropBox } from './profile.schemas';

export const AVATAR_SIZE = 200;
/** Refuses decompression bombs: a small file that decodes to a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Crops (the box is in the pixels the member saw: after EXIF orientation), or takes the centred square, and
 * resizes to a 200×200 webp. Only the first frame of an animated GIF or WebP is kept. Metadata is dropped.
 */
export async function avatarWebp(bytes: Buffer, crop: CropBox | null): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  let width: number;
  let height: number;
  try {
    const metadata = await image.metadata();
    width = metadata.autoOrient.width;
    height = metadata.autoOrient.height;
  } catch {
    throw new DomainError('files.type_not_allowed');
  }
  if (crop) {
    if (crop.width < 1 || crop.height < 1 || crop.x + crop.width > width || crop.y + crop.height > height) {
      throw new DomainError('identity.avatar_crop_invalid');
    }
    image.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height });
  }
  try {
    return await image
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // The header looked like an image but the body does not decode.
    throw new DomainError('files.type_not_allowed');
  }
}

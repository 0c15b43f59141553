import sharp from 'sharp';
import { DomainError } from '@forum/event-store';
import type { SiteSettings } from '@forum/contracts';

type ImageFormat = SiteSettings['uploads']['image']['formats'][number];

const MIME_OF: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The real types (magic bytes) the settings' image formats accept. */
export function imageMimes(formats: readonly ImageFormat[]): string[] {
  return formats.map((format) => MIME_OF[format]);
}

/** Refuses decompression bombs: a small file that decodes to a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface EditorImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes an editor image in its own format: a file that only looks like an image (right magic
 * bytes, broken body) is refused, and the metadata goes — a phone photo's EXIF carries where it was taken.
 * JPEGs are turned upright first (the orientation tag is dropped with the rest); animations stay animated.
 */
export async function cleanEditorImage(bytes: Buffer, mime: string): Promise<EditorImage> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  try {
    let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated });
    const metadata = await image.metadata();
    if (mime === 'image/jpeg') image = image.rotate().jpeg({ quality: 90, mozjpeg: true });
    else if (mime === 'image/png') image = image.png({ compressionLevel: 9 });
    else if (mime === 'image/webp') image = image.webp({ quality: 90 });
    else image = image.gif();
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    // An animation decodes as a strip of frames: its height is one frame's.
    const height = metadata.pageHeight && metadata.pages && metadata.pages > 1 ? metadata.pageHeight : info.height;
    return { bytes: data, width: info.width, height };
  } catch {
    // The header looked like an image but the body does not decode (or it is far too large to decode).
    throw new DomainError('files.type_not_allowed');
  }
}

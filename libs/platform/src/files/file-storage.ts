import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files live (avatars, editor images, attachments). Keys are chosen by the server, never by a
 * client: `<folder>/…/<name>.<ext>` in lower-case letters, digits, `-` and `_`. Files are immutable: a changed
 * file gets a new key, so the public URL can be cached for ever.
 */
export abstract class FileStorage {
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  abstract get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing file is not an error. */
  abstract delete(key: string): Promise<void>;

  /** The public URL the platform's files controller serves the key at. */
  urlOf(key: string): string {
    return `${FILES_URL_PREFIX}${assertSafeKey(key)}`;
  }

  /** The key behind one of our own URLs, or null for anything else (an external URL, a traversal). */
  keyOf(url: string): string | null {
    if (!url.startsWith(FILES_URL_PREFIX)) return null;
    const key = url.slice(FILES_URL_PREFIX.length);
    return isSafeKey(key) ? key : null;
  }
}

export const FILES_URL_PREFIX = '/api/files/';

const SEGMENT = '[a-z0-9][a-z0-9_-]{0,127}';
/** At most 6 folders, then a name with a short extension: no `..`, no leading `/`, no `\`, no `%`. */
const SAFE_KEY = new RegExp(`^(?:${SEGMENT}/){0,6}${SEGMENT}\\.[a-z0-9]{1,8}$`);

export function isSafeKey(key: string): boolean {
  return key.length <= 512 && SAFE_KEY.test(key);
}

export function assertSafeKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`unsafe file key "${key}"`);
  return key;
}

/** A key named by the content (SHA-256): the same bytes under the same folder share one file. */
export function contentKey(folder: string, bytes: Buffer, extension: string): string {
  return assertSafeKey(`${folder}/${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}.${extension}`);
}

/** A random key, for files that must never collide or be guessed from their content. */
export function randomKey(folder: string, extension: string): string {
  return assertSafeKey(`${folder}/${randomBytes(16).toString('hex')}.${extension}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
  zip: 'application/zip',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** The content type a stored file is served with, from the extension the server gave its key. */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export interface SniffedType {
  mime: string;
  extension: string;
}

/**
 * The real type of an upload from its first bytes (magic numbers). The client's content type and file name are
 * never trusted: a script renamed `.png` is not a PNG.
 */
export function sniffFileType(bytes: Buffer): SniffedType | null {
  const starts = (offset: number, ...signature: number[]) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  const ascii = (offset: number, text: string) => starts(offset, ...Buffer.from(text, 'latin1'));
  if (starts(0, 0xff, 0xd8, 0xff)) return { mime: 'image/jpeg', extension: 'jpg' };
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { mime: 'image/png', extension: 'png' };
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return { mime: 'image/gif', extension: 'gif' };
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return { mime: 'image/webp', extension: 'webp' };
  if (ascii(0, '%PDF-')) return { mime: 'application/pdf', extension: 'pdf' };
  if (starts(0, 0x50, 0x4b, 0x03, 0x04)) return { mime: 'application/zip', extension: 'zip' };
  if (ascii(4, 'ftyp')) return { mime: 'video/mp4', extension: 'mp4' };
  if (starts(0, 0x1a, 0x45, 0xdf, 0xa3)) return { mime: 'video/webm', extension: 'webm' };
  return null;
}

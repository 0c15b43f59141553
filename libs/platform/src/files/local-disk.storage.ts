import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { assertSafeKey, contentTypeOfKey, FileStorage, StoredFile } from './file-storage';

/**
 * Files on a local directory (`FILE_STORAGE_DIR`). In the distributed deployment every service mounts the same
 * volume, so whichever service serves `/api/files/…` finds what another stored. Writes go to a temporary name
 * and are renamed into place, so a reader never sees half a file.
 */
export class LocalDiskStorage extends FileStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    if (contentTypeOfKey(key) !== contentType) {
      throw new Error(`file key "${key}" does not match content type ${contentType}`);
    }
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.pathOf(key);
    try {
      const found = await stat(path);
      if (!found.isFile()) return null;
      return { stream: createReadStream(path), contentType: contentTypeOfKey(key), size: found.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Keys are checked by pattern, and the resolved path must still be under the root (belt and braces). */
  private pathOf(key: string): string {
    const path = resolve(join(this.root, assertSafeKey(key)));
    if (!path.startsWith(this.root + sep)) throw new Error(`file key "${key}" escapes the storage root`);
    return path;
  }
}

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentKey, isSafeKey, sniffFileType } from './file-storage';
import { LocalDiskStorage } from './local-disk.storage';
import { displayNameOf } from './multipart-upload';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('file keys', () => {
  it.each(['avatars/a/b.webp', 'images/2026/x_y-z.png', 'f.pdf'])('accepts %s', (key) => {
    expect(isSafeKey(key)).toBe(true);
  });

  it.each([
    '../etc/passwd.txt',
    'avatars/../../secret.webp',
    '/abs.png',
    'avatars\\x.png',
    'a/%2e%2e/b.png',
    'a//b.png',
    'noextension',
    'UPPER/x.png',
    '.hidden.png',
  ])('refuses %s', (key) => {
    expect(isSafeKey(key)).toBe(false);
  });

  it('names content-addressed keys by the bytes', () => {
    expect(contentKey('avatars/m1', PNG, 'png')).toBe(contentKey('avatars/m1', Buffer.from(PNG), 'png'));
    expect(contentKey('avatars/m1', PNG, 'png')).not.toBe(contentKey('avatars/m1', Buffer.from('x'), 'png'));
  });
});

describe('type detection from the bytes', () => {
  it('recognises images by their magic numbers', () => {
    expect(sniffFileType(PNG)?.mime).toBe('image/png');
    expect(sniffFileType(Buffer.from('ffd8ffe000104a464946', 'hex'))?.mime).toBe('image/jpeg');
    expect(sniffFileType(Buffer.from('GIF89a....', 'latin1'))?.mime).toBe('image/gif');
    expect(sniffFileType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'))?.mime).toBe('image/webp');
  });

  it('does not take a script for an image, whatever it is called', () => {
    expect(sniffFileType(Buffer.from('<script>alert(1)</script>'))).toBeNull();
    expect(sniffFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
  });

  it('keeps only a harmless display name of the client file name', () => {
    expect(displayNameOf('../../etc/passwd')).toBe('passwd');
    expect(displayNameOf('C:\\Users\\me\\photo.png')).toBe('photo.png');
    expect(displayNameOf('..')).toBe('file');
    expect(displayNameOf('a<b>\u0000.png')).toBe('ab.png');
  });
});

describe('local disk storage', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'files-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores, serves and deletes a file, leaving no temporary behind', async () => {
    const storage = new LocalDiskStorage(root);
    await storage.put('avatars/m1/a.png', PNG, 'image/png');
    const file = await storage.get('avatars/m1/a.png');
    expect(file).toMatchObject({ contentType: 'image/png', size: PNG.length });
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(PNG);
    expect(await readdir(join(root, 'avatars/m1'))).toEqual(['a.png']);
    await storage.delete('avatars/m1/a.png');
    expect(await storage.get('avatars/m1/a.png')).toBeNull();
    await storage.delete('avatars/m1/a.png');
  });

  it('refuses keys that leave the root, and a type that does not match the name', async () => {
    const storage = new LocalDiskStorage(root);
    await expect(storage.put('../x.png', PNG, 'image/png')).rejects.toThrow(/unsafe/);
    await expect(storage.get('../../etc/passwd.txt')).rejects.toThrow(/unsafe/);
    await expect(storage.put('a/x.png', PNG, 'text/html')).rejects.toThrow(/content type/);
  });

  it('builds the public URL and reads keys back only from its own URLs', () => {
    const storage = new LocalDiskStorage(root);
    expect(storage.urlOf('avatars/m1/a.webp')).toBe('/api/files/avatars/m1/a.webp');
    expect(storage.keyOf('/api/files/avatars/m1/a.webp')).toBe('avatars/m1/a.webp');
    expect(storage.keyOf('https://elsewhere.example/x.webp')).toBeNull();
    expect(storage.keyOf('/api/files/../x.webp')).toBeNull();
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ErrorBody } from '@forum/contracts';
import { PermissionChecker, TokenService } from '@forum/platform';
import { eventually, staffAccount, startTestApp, TestApp } from '@forum/testing';
import type { ContextRef } from '@forum/testing';
import { ForumModule } from '../forum.module';
import { testTag } from '../tags/tag.fixture';
import { FFMPEG } from './transcode';
import type { VideoStatus } from './video-uploads';

interface FilePart {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

type Uploaded = { url: string; width: number; height: number } & VideoStatus & ErrorBody;

const contexts: ContextRef[] = ['identity', 'moderation', ForumModule];

describe('forum: image and video uploads for the editor', () => {
  let t: TestApp;
  let filesRoot: string;
  let staffId: string;
  const member = 'uploader-1';

  beforeAll(async () => {
    filesRoot = await mkdtemp(join(tmpdir(), 'forum-uploads-'));
    t = await startTestApp(contexts, { env: { FILE_STORAGE_DIR: filesRoot } });
    staffId = await staffAccount(t.app, 'uploads_admin', { contexts, permission: 'settings.edit' });
    // The default member role reached the forum's copy of roles.
    const checker = t.app.select(ForumModule).get(PermissionChecker);
    await eventually(async () => expect(await checker.can({ kind: 'member', id: member }, 'upload.image')).toBe(true));
  }, 60_000);

  afterAll(async () => {
    await t.close();
    await rm(filesRoot, { recursive: true, force: true });
  });

  async function upload(kind: 'images' | 'videos', as: string | null, file: FilePart | null) {
    const boundary = `----forum${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
            `Content-Type: ${file.contentType}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const headers: Record<string, string> = {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
      cookie: 'cms_token=csrf-test-token-0123456789',
      'bbs-xsrf-token': 'csrf-test-token-0123456789',
    };
    if (as) {
      const access = t.app.get(TokenService).issueAccessToken({ sub: as, kind: 'member' });
      headers.authorization = `Bearer ${access},refresh-not-used-here`;
    }
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/forum/uploads/${kind}`,
      headers,
      payload: Buffer.concat(parts),
    });
    return { status: response.statusCode, body: response.json() as Uploaded };
  }

  const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .toFormat(format)
      .toBuffer();

  async function changeSettings(patch: Record<string, unknown>, settled: () => Promise<void>): Promise<void> {
    const changed = await t.client.as(staffId, 'staff').request('PATCH', '/api/moderation/settings', patch);
    expect(changed.status).toBe(200);
    await eventually(settled);
  }

  describe('images', () => {
    it('stores an image and answers its URL, which a topic may embed', async () => {
      const uploaded = await upload('images', member, {
        bytes: await picture(40, 30),
        filename: 'diagram.png',
        contentType: 'image/png',
      });
      expect(uploaded.status).toBe(201);
      expect(uploaded.body).toEqual({
        url: expect.stringMatching(/^\/api\/files\/forum\/images\/[0-9a-f]{40}\.png$/),
        width: 40,
        height: 30,
      });
      const served = await t.app.inject({ method: 'GET', url: uploaded.body.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(40);

      const tagIds = [await testTag(t.client)];
      const posted = await t.client.as(member, 'member').post<{ topicId: string }>('/api/forum/topics', {
        title: 'With a picture',
        tagIds,
        content: `<p>Look:</p><img src="${uploaded.body.url}" alt="diagram">`,
      });
      expect(posted.status).toBe(201);
      const detail = await t.client.get<{ content: string }>(`/api/forum/topics/${posted.body.topicId}`);
      expect(detail.body.content).toContain(`<img src="${uploaded.body.url}" alt="diagram" />`);
    });

    it('drops the metadata of a photo (where it was taken), keeping it upright', async () => {
      const photo = await sharp({ create: { width: 30, height: 60, channels: 3, background: '#884422' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret-marker-gps' } })
        .toBuffer();
      expect(photo.includes('secret-marker-gps')).toBe(true);
      const uploaded = await upload('images', member, { bytes: photo, filename: 'p.jpg', contentType: 'image/jpeg' });
      expect([uploaded.status, uploaded.body.width, uploaded.body.height]).toEqual([201, 30, 60]);
      const stored = await t.app.inject({ method: 'GET', url: uploaded.body.url });
      expect(stored.headers['content-type']).toBe('image/jpeg');
      expect(stored.rawPayload.includes('secret-marker-gps')).toBe(false);
    });

    it('refuses a file whose bytes are not an allowed image, whatever the client says it is', async () => {
      const script = Buffer.from('<script>alert(document.cookie)</script>');
      const lying = await upload('images', member, { bytes: script, filename: 'cat.png', contentType: 'image/png' });
      expect([lying.status, lying.body.code]).toEqual([415, 'files.type_not_allowed']);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
      const vector = await upload('images', member, { bytes: svg, filename: 'x.svg', contentType: 'image/svg+xml' });
      expect(vector.status).toBe(415);
      const truncated = (await picture(80, 80)).subarray(0, 40);
      const broken = await upload('images', member, { bytes: truncated, filename: 'x.png', contentType: 'image/png' });
      expect([broken.status, broken.body.code]).toEqual([415, 'files.type_not_allowed']);
      const pdf = Buffer.from('%PDF-1.7 a document');
      expect((await upload('images', member, { bytes: pdf, filename: 'x.png', contentType: 'image/png' })).status).toBe(
        415,
      );
      expect((await upload('images', member, null)).body.code).toBe('files.missing');
    });

    it('follows the settings: formats and the largest size', async () => {
      const gif = await picture(10, 10, 'gif');
      expect((await upload('images', member, { bytes: gif, filename: 'a.gif', contentType: 'image/gif' })).status).toBe(
        201,
      );
      await changeSettings({ uploads: { image: { formats: ['png', 'jpeg'], maxBytes: 10 * 1024 } } }, async () => {
        const refused = await upload('images', member, { bytes: gif, filename: 'a.gif', contentType: 'image/gif' });
        expect([refused.status, refused.body.code]).toEqual([415, 'files.type_not_allowed']);
      });
      const big = Buffer.concat([await picture(10, 10), Buffer.alloc(12 * 1024, 1)]);
      const tooLarge = await upload('images', member, { bytes: big, filename: 'big.png', contentType: 'image/png' });
      expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'files.too_large']);
      expect(tooLarge.body.message).toContain('10');
      await changeSettings(
        { uploads: { image: { formats: ['jpeg', 'png', 'gif', 'webp'], maxBytes: 5 << 20 } } },
        async () => {
          expect(
            (await upload('images', member, { bytes: gif, filename: 'a.gif', contentType: 'image/gif' })).status,
          ).toBe(201);
        },
      );
    });
    it('refuses a topic embedding more of our images than the settings allow', async () => {
      const tagIds = [await testTag(t.client)];
      const image = '<img src="/api/files/forum/images/0123456789012345678901234567890123456789.png" alt="x">';
      await changeSettings({ uploads: { image: { maxPerTopic: 2 } } }, async () => {
        const refused = await t.client.as(member, 'member').post<ErrorBody>('/api/forum/topics', {
          title: 'Too many pictures',
          tagIds,
          content: `<p>Three</p>${image.repeat(3)}`,
        });
        expect(refused.status).toBe(400);
        expect(refused.body.fieldErrors).toEqual([
          expect.objectContaining({ field: 'content', code: 'validation.too_big', params: { max: 2 } }),
        ]);
      });
      const allowed = await t.client.as(member, 'member').post('/api/forum/topics', {
        title: 'Two pictures',
        tagIds,
        content: `<p>Two</p>${image.repeat(2)}`,
      });
      expect(allowed.status).toBe(201);
      await changeSettings({ uploads: { image: { maxPerTopic: 30 } } }, async () => undefined);
    });
  });

  describe('videos', () => {
    let work: string;
    let clip: Buffer;

    beforeAll(async () => {
      work = await mkdtemp(join(tmpdir(), 'forum-clip-'));
      // One second of test pattern with a tone, in MPEG-4 Part 2 (not what the site serves: it must transcode).
      execFileSync(FFMPEG, [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=10'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest'],
        ...['-y', join(work, 'clip.mp4')],
      ]);
      clip = await readFile(join(work, 'clip.mp4'));
    });
    afterAll(() => rm(work, { recursive: true, force: true }));

    it('answers "processing", then a streamable H.264/AAC MP4 with a poster', async () => {
      const accepted = await upload('videos', member, { bytes: clip, filename: 'clip.mp4', contentType: 'video/mp4' });
      expect(accepted.status).toBe(202);
      expect(accepted.body).toEqual({ videoId: expect.stringMatching(/^[0-9a-f]{32}$/), state: 'processing' });
      const { videoId } = accepted.body;

      // The editor puts the id in a player; the sanitizer keeps it.
      const posted = await t.client.as(member, 'member').post<{ topicId: string }>('/api/forum/topics', {
        title: 'With a video',
        tagIds: [await testTag(t.client)],
        content: `<p>Watch:</p><player data-video-id="${videoId}"></player>`,
      });
      expect(posted.status).toBe(201);
      const detail = await t.client.get<{ content: string }>(`/api/forum/topics/${posted.body.topicId}`);
      expect(detail.body.content).toContain(`<player data-video-id="${videoId}"></player>`);

      const ready = await eventually(
        async () => {
          const status = await t.client.anonymous().get<VideoStatus>(`/api/forum/uploads/videos/${videoId}`);
          expect(status.body.state).toBe('ready');
          return status.body;
        },
        { timeoutMs: 60_000 },
      );
      expect(ready).toEqual({
        videoId,
        state: 'ready',
        url: `/api/files/forum/videos/${videoId}/video.mp4`,
        posterUrl: `/api/files/forum/videos/${videoId}/poster.jpg`,
      });
      const video = await t.app.inject({ method: 'GET', url: ready.url! });
      expect([video.statusCode, video.headers['content-type']]).toEqual([200, 'video/mp4']);
      // faststart: the index (moov) before the media data (mdat), so playback starts while loading.
      const bytes = video.rawPayload;
      expect(bytes.indexOf('moov')).toBeGreaterThan(0);
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
      const saved = join(work, 'served.mp4');
      await writeFile(saved, bytes);
      // `ffmpeg -i` alone lists the streams ("Stream #0:0(und): Video: h264 (High) ...") and exits 1 (no output
      // named): the package that ships ffmpeg has no ffprobe.
      const info = spawnSync(FFMPEG, ['-hide_banner', '-i', saved]).stderr.toString();
      const streams = [...info.matchAll(/Stream #\d+:\d+.*?: (Video|Audio): (\w+)/g)];
      expect(streams.map(([, type, codec]) => `${type!.toLowerCase()}:${codec}`).sort()).toEqual([
        'audio:aac',
        'video:h264',
      ]);
      const poster = await t.app.inject({ method: 'GET', url: ready.posterUrl! });
      expect([poster.statusCode, poster.headers['content-type']]).toEqual([200, 'image/jpeg']);
      expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
    }, 90_000);

    it('marks a file that only looks like a video as failed; unknown ids are 404', async () => {
      const fake = Buffer.concat([Buffer.from('\u0000\u0000\u0000\u0018ftypisom', 'latin1'), Buffer.alloc(4096, 7)]);
      const accepted = await upload('videos', member, { bytes: fake, filename: 'v.mp4', contentType: 'video/mp4' });
      expect(accepted.status).toBe(202);
      await eventually(
        async () =>
          expect(
            (await t.client.get<VideoStatus>(`/api/forum/uploads/videos/${accepted.body.videoId}`)).body.state,
          ).toBe('failed'),
        { timeoutMs: 30_000 },
      );
      const notVideo = await upload('videos', member, {
        bytes: await picture(10, 10),
        filename: 'v.mp4',
        contentType: 'video/mp4',
      });
      expect([notVideo.status, notVideo.body.code]).toEqual([415, 'files.type_not_allowed']);
      expect((await t.client.get(`/api/forum/uploads/videos/${'0'.repeat(32)}`)).status).toBe(404);
      expect((await t.client.get('/api/forum/uploads/videos/..%2f..%2fetc')).status).toBe(404);
    }, 60_000);
  });

  // Last: it takes the upload permissions away from every member.
  it('refuses visitors, and members whose roles do not allow uploads', async () => {
    const png = { bytes: await picture(8, 8), filename: 'a.png', contentType: 'image/png' };
    expect((await upload('images', null, png)).status).toBe(401);
    expect((await upload('videos', null, png)).status).toBe(401);

    const staff = t.client.as(staffId, 'staff');
    const roles =
      await staff.get<{ id: string; permissions: { permission: string; tagIds: string[] | null }[] }[]>(
        '/api/identity/roles',
      );
    const memberRole = roles.body.find((role) => role.id === 'member')!;
    const changed = await staff.request('PATCH', '/api/identity/roles/member', {
      permissions: memberRole.permissions.filter(({ permission }) => !permission.startsWith('upload.')),
    });
    expect(changed.status).toBe(200);
    const checker = t.app.select(ForumModule).get(PermissionChecker);
    await eventually(async () => expect(await checker.can({ kind: 'member', id: member }, 'upload.image')).toBe(false));
    const refused = await upload('images', member, png);
    expect([refused.status, refused.body.code]).toEqual([403, 'auth.forbidden']);
    expect((await upload('videos', member, png)).status).toBe(403);
  });
});

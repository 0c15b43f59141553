import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Db } from 'mongodb';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, FileStorage } from '@forum/platform';
import type { Upload } from '@forum/platform';
import { transcode } from './transcode';

/** Context-private: the processing state of uploaded videos (technical state, not a domain fact). */
export const VIDEO_UPLOADS = 'video_uploads';

export type VideoState = 'processing' | 'ready' | 'failed';

export interface VideoUploadDocument {
  _id: string;
  ownerId: string;
  state: VideoState;
  originalKey: string;
  videoKey: string | null;
  posterKey: string | null;
  /** A transcode in progress holds the video until then; past it another process (or a restart) takes over. */
  claimedUntil: Date | null;
  attempts: number;
  error: string | null;
  createdAt: Date;
  readyAt: Date | null;
}

export interface VideoStatus {
  videoId: string;
  state: VideoState;
  url?: string;
  posterUrl?: string;
}

/** Transcodes at once: ffmpeg takes about a core each, and the machine serves the API too. */
const CONCURRENCY = Math.max(1, Number(process.env.VIDEO_TRANSCODE_CONCURRENCY ?? 1) || 1);
const TRANSCODE_TIMEOUT_MS = 15 * 60_000;
/** A lease a little longer than the timeout: a crashed process's video is retried after it. */
const LEASE_MS = TRANSCODE_TIMEOUT_MS + 60_000;
const MAX_ATTEMPTS = 2;
export const VIDEO_ID = /^[0-9a-f]{32}$/;

/**
 * Uploaded videos: the original is stored at once and the upload answers `processing`; an in-process queue
 * (at most `CONCURRENCY` ffmpeg runs) turns it into a streamable MP4 plus a poster in the file storage, then the
 * video is `ready` (or `failed`). A video is claimed with a lease in the collection, so two replicas never
 * transcode the same one, and videos left `processing` by a stopped process are picked up again at start
 * (ADR 0013).
 */
@Injectable()
export class VideoUploads implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(VideoUploads.name);
  private readonly queue: string[] = [];
  private running = 0;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly settled = new Set<Promise<void>>();

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  private get videos() {
    return this.db.collection<VideoUploadDocument>(VIDEO_UPLOADS);
  }

  async onApplicationBootstrap(): Promise<void> {
    const pending = await this.videos.find({ state: 'processing' }).toArray();
    for (const video of pending) this.enqueue(video._id);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await Promise.allSettled([...this.settled]);
  }

  async accept(ownerId: string, upload: Upload): Promise<VideoStatus> {
    const videoId = randomBytes(16).toString('hex');
    const originalKey = `forum/videos/${videoId}/original.${upload.type.extension}`;
    await this.storage.put(originalKey, upload.bytes, upload.type.mime);
    await this.videos.insertOne({
      _id: videoId,
      ownerId,
      state: 'processing',
      originalKey,
      videoKey: null,
      posterKey: null,
      claimedUntil: null,
      attempts: 0,
      error: null,
      createdAt: new Date(),
      readyAt: null,
    });
    this.enqueue(videoId);
    return { videoId, state: 'processing' };
  }

  async status(videoId: string): Promise<VideoStatus> {
    const video = VIDEO_ID.test(videoId) ? await this.videos.findOne({ _id: videoId }) : null;
    if (!video) throw new DomainError('common.not_found');
    if (video.state !== 'ready' || !video.videoKey || !video.posterKey) return { videoId, state: video.state };
    return {
      videoId,
      state: 'ready',
      url: this.storage.urlOf(video.videoKey),
      posterUrl: this.storage.urlOf(video.posterKey),
    };
  }

  private enqueue(videoId: string): void {
    if (this.stopped || this.queue.includes(videoId)) return;
    this.queue.push(videoId);
    this.pump();
  }

  private pump(): void {
    while (!this.stopped && this.running < CONCURRENCY && this.queue.length > 0) {
      const videoId = this.queue.shift()!;
      this.running++;
      const run = this.process(videoId)
        .catch((error: unknown) => this.logger.error(`video ${videoId}: ${String(error)}`))
        .finally(() => {
          this.running--;
          this.settled.delete(run);
          this.pump();
        });
      this.settled.add(run);
    }
  }

  private async fail(videoId: string, message: string): Promise<void> {
    await this.videos.updateOne(
      { _id: videoId },
      { $set: { state: 'failed', claimedUntil: null, error: message.slice(0, 1000) } },
    );
    this.logger.warn(`video ${videoId} failed: ${message.slice(0, 300)}`);
  }

  private async process(videoId: string): Promise<void> {
    const now = new Date();
    const claimed = await this.videos.findOneAndUpdate(
      { _id: videoId, state: 'processing', $or: [{ claimedUntil: null }, { claimedUntil: { $lt: now } }] },
      { $set: { claimedUntil: new Date(now.getTime() + LEASE_MS) }, $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    );
    if (!claimed) return; // Ready, failed, or another process has it.
    if (claimed.attempts > MAX_ATTEMPTS) {
      // Claimed before and never finished: the process stopped mid-way each time (a crash, a kill).
      await this.fail(videoId, `gave up after ${MAX_ATTEMPTS} interrupted attempts`);
      return;
    }
    const work = await mkdtemp(join(tmpdir(), 'forum-video-'));
    try {
      const original = await this.storage.get(claimed.originalKey);
      if (!original) throw new Error('the original is missing from the file storage');
      const input = join(work, `original.${claimed.originalKey.split('.').pop()}`);
      await pipeline(original.stream, createWriteStream(input));
      const video = join(work, 'video.mp4');
      const poster = join(work, 'poster.jpg');
      await transcode({ input, video, poster, timeoutMs: TRANSCODE_TIMEOUT_MS, signal: this.abort.signal });
      const videoKey = `forum/videos/${videoId}/video.mp4`;
      const posterKey = `forum/videos/${videoId}/poster.jpg`;
      await this.storage.put(videoKey, await readFile(video), 'video/mp4');
      await this.storage.put(posterKey, await readFile(poster), 'image/jpeg');
      await this.videos.updateOne(
        { _id: videoId },
        { $set: { state: 'ready', videoKey, posterKey, claimedUntil: null, error: null, readyAt: new Date() } },
      );
    } catch (error) {
      // Shutting down: leave it `processing` with its lease; the next start picks it up.
      if (this.stopped) return;
      // A file ffmpeg cannot read will not read better the second time: failed for good.
      await this.fail(videoId, error instanceof Error ? error.message : String(error));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}

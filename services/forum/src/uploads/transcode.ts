import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** A video as the member site plays it: H.264/AAC MP4 with the index first, and a JPEG poster. */
export interface TranscodeJob {
  input: string;
  video: string;
  poster: string;
  /** Kills ffmpeg past this (a hostile or huge file must not hold the queue for ever). */
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * `FFMPEG_PATH` when set, else the static build that the `@ffmpeg-installer/<platform>` package ships inside its
 * npm tarball (no download, no system package), else an `ffmpeg` on the PATH.
 */
export const FFMPEG = process.env.FFMPEG_PATH || bundledFfmpeg() || 'ffmpeg';

function bundledFfmpeg(): string | undefined {
  try {
    // Throws on a platform the package has no build for (and npm skipped its optional package).
    return (createRequire(__filename)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return undefined;
  }
}

/**
 * Streamable MP4: H.264 (yuv420p, at most 1280 px wide, even sizes) and AAC stereo, `+faststart` so the `moov`
 * index comes before the data and playback starts before the whole file is loaded. Only local files are read
 * (`-protocol_whitelist file`: an uploaded file cannot make ffmpeg fetch URLs). The first audio stream is kept
 * when there is one. Two threads: the machine is shared with the API.
 */
export function transcodeArgs(input: string, output: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-protocol_whitelist', 'file', '-i', input],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn', '-map_metadata', '-1'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-vf', "scale=w='trunc(min(1280,iw)/2)*2':h=-2"],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
    ...['-movflags', '+faststart', '-threads', '2', '-t', '3600', '-y', output],
  ];
}

/** A representative frame (ffmpeg's `thumbnail` filter), not the often black first one. */
export function posterArgs(video: string, poster: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-protocol_whitelist', 'file', '-i', video],
    ...['-vf', 'thumbnail', '-frames:v', '1', '-q:v', '3', '-y', poster],
  ];
}

export async function transcode(job: TranscodeJob): Promise<void> {
  await runFfmpeg(transcodeArgs(job.input, job.video), job.timeoutMs, job.signal);
  await runFfmpeg(posterArgs(job.video, job.poster), Math.min(job.timeoutMs, 60_000), job.signal);
}

function runFfmpeg(args: string[], timeoutMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, args, { stdio: ['ignore', 'ignore', 'pipe'], signal, timeout: timeoutMs });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`ffmpeg not found (${FFMPEG}): npm install, or set FFMPEG_PATH`)
          : error,
      ),
    );
    child.on('close', (code, killed) => {
      if (code === 0) resolve();
      else reject(new Error(killed ? `ffmpeg stopped (${killed})` : `ffmpeg exited ${code}: ${stderr.trim()}`));
    });
  });
}

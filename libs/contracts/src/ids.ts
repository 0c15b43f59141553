import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/** Random bytes drawn 4 KiB at a time: one `randomFillSync` per id cost ~4 % of a cached list request. */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function random(size: number): Buffer {
  if (poolOffset + size > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += size;
  return pool.subarray(poolOffset - size, poolOffset);
}

/**
 * A secret of `size` random bytes, base64url: CSRF tokens. Drawn from the same pool as ids (a cookie-less
 * visitor's request issues one; `randomBytes` per token was 4 % of a cached list request in bench/qa).
 */
export function randomToken(size: number): string {
  return random(size).toString('base64url');
}

/**
 * A UUIDv7 (RFC 9562): time-ordered, so ids sort by creation time and make good `_id`s for
 * the MongoDB stand-in, whose only range-capable index is `_id`. A 12-bit counter keeps ids created in
 * the same millisecond in order within this process.
 */
export function newId(nowMs: number = Date.now()): string {
  if (nowMs <= lastMs) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMs += 1;
  } else {
    lastMs = nowMs;
    sequence = random(2).readUInt16BE(0) & 0x7ff;
  }
  const bytes = random(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const STREAM_CATEGORY = /^[a-z][a-zA-Z0-9]*$/;

/** Stream ids are `<category>-<id>`; the category names the aggregate (`topic-0190…`). */
export function streamId(category: string, id: string): string {
  if (!STREAM_CATEGORY.test(category)) throw new Error(`invalid stream category "${category}"`);
  if (id.includes('|')) throw new Error(`stream id part must not contain "|": ${id}`);
  return `${category}-${id}`;
}

export function streamCategory(id: string): string {
  const dash = id.indexOf('-');
  if (dash <= 0) throw new Error(`not a stream id: ${id}`);
  return id.slice(0, dash);
}

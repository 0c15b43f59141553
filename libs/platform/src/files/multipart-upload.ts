import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { DomainError } from '@forum/event-store';
import { sniffFileType, SniffedType } from './file-storage';

export interface UploadOptions {
  /** Largest file accepted; the parser stops reading past it, so a huge body never lands in memory. */
  maxBytes: number;
  /** Real types accepted (by magic bytes), e.g. `['image/jpeg', 'image/png']`. */
  accept: readonly string[];
  /** The multipart field carrying the file. */
  field?: string;
  /** Text fields allowed beside the file (others are refused as malformed). */
  fields?: readonly string[];
}

export interface Upload {
  bytes: Buffer;
  type: SniffedType;
  /** The client's file name reduced to a harmless display name: never used to build a path or a key. */
  displayName: string;
  fields: Record<string, string>;
}

const MULTIPART_ERRORS: Record<string, DomainError | undefined> = {
  FST_PARTS_LIMIT: new DomainError('common.payload_too_large'),
  FST_FILES_LIMIT: new DomainError('common.payload_too_large'),
  FST_FIELDS_LIMIT: new DomainError('common.payload_too_large'),
  FST_PROTO_VIOLATION: new DomainError('common.malformed_request'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: new DomainError('common.unsupported_media_type'),
  FST_MP_PREMATURE_CLOSE: new DomainError('common.malformed_request'),
};

/** Keeps the last path segment, drops control and path characters, caps the length. */
export function displayNameOf(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').replace(/^\.+/, '');
  return cleaned.slice(0, 100) || 'file';
}

/**
 * Reads one file (and a few text fields) from a `multipart/form-data` request with `@fastify/multipart`:
 * the size limit is enforced while streaming, and the type comes from the bytes, not from the client.
 * Errors are the API's: `files.too_large` (413, `{maxKb}`), `files.type_not_allowed` (415), `files.missing`.
 */
export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  if (!request.isMultipart()) throw new DomainError('common.unsupported_media_type');
  const fileField = options.field ?? 'file';
  const allowedFields = new Set(options.fields ?? []);
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxBytes,
        files: 1,
        fields: allowedFields.size,
        fieldSize: 1000,
        parts: allowedFields.size + 1,
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) throw new DomainError('common.malformed_request');
        file = { bytes: await part.toBuffer(), filename: part.filename };
      } else {
        if (!allowedFields.has(part.fieldname)) throw new DomainError('common.malformed_request');
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError('files.too_large', { maxKb: Math.floor(options.maxBytes / 1024) });
    }
    throw MULTIPART_ERRORS[code] ?? error;
  }
  if (!file || file.bytes.length === 0) throw new DomainError('files.missing');
  const type = sniffFileType(file.bytes);
  if (!type || !options.accept.includes(type.mime)) throw new DomainError('files.type_not_allowed');
  return { bytes: file.bytes, type, displayName: displayNameOf(file.filename), fields };
}

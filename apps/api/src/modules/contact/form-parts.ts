import {
  contactMessages,
  detectUploadKind,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  type UploadKind,
  uploadContentType,
} from '@app/contract/contact';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';

/** The part that carries the form's fields as JSON, and the part name of each attached file. */
export const DATA_PART = 'data';
export const FILE_PART = 'uploadFile';

export interface UploadedFile {
  /** The sender's name for it, cleaned, with the extension of its real type. */
  fileName: string;
  kind: UploadKind;
  contentType: string;
  bytes: Buffer;
}

export interface FormParts {
  /** The parsed JSON of the `data` part (checked by the caller's schema). */
  data: unknown;
  files: UploadedFile[];
}

const EXTENSIONS: Record<UploadKind, string[]> = { pdf: ['.pdf'], jpeg: ['.jpg', '.jpeg'] };

/**
 * A file name safe to show and to use on disk: no folders, no control or odd characters, at
 * most 100 characters, and an extension that matches what the file really is.
 */
export function cleanFileName(original: string, kind: UploadKind, position: number): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    .normalize('NFKC')
    .replace(/[^\w.\- ()]+/g, '_')
    .replace(/^[.\s_]+/, '')
    .trim();
  const fallback = `attachment-${position}`;
  const name = (base || fallback).slice(0, 100);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  return EXTENSIONS[kind].includes(extension) ? name : `${name}${EXTENSIONS[kind][0]}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, contactMessages.dataNotJson);
  }
}

/** @fastify/multipart's limit and format errors, as a 400 that says what to do. */
function asFormError(error: unknown, currentFile: string | undefined): unknown {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(400, contactMessages.fileTooLarge(currentFile ?? 'The file'));
    case 'FST_FILES_LIMIT':
      return new HttpError(400, contactMessages.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(400, contactMessages.unexpectedPart('(too many parts)'));
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, contactMessages.dataNotJson);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(400, contactMessages.notMultipart);
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, contactMessages.unexpectedPart('__proto__'));
    default:
      // Nothing else runs while the parts are read: any other error is the body's (cut short,
      // a malformed part header, a missing boundary), not the server's.
      return new HttpError(400, contactMessages.formUnreadable);
  }
}

async function readFile(part: MultipartFile, position: number): Promise<UploadedFile | null> {
  const bytes = await part.toBuffer();
  // A form posted with an empty file input sends a part with no name and no bytes.
  if (part.filename === '' && bytes.length === 0) return null;
  const shownName = part.filename || `attachment-${position}`;
  if (bytes.length === 0) throw new HttpError(400, contactMessages.fileEmpty(shownName));
  const kind = detectUploadKind(bytes.subarray(0, 8));
  if (!kind) throw new HttpError(400, contactMessages.fileType(shownName));
  return {
    fileName: cleanFileName(part.filename, kind, position),
    kind,
    contentType: uploadContentType[kind],
    bytes,
  };
}

/**
 * Reads a form of the contact kind: a `data` part with the fields as JSON (a plain field, a JSON
 * field or a JSON file) and up to UPLOAD_MAX_FILES `uploadFile` parts, each a PDF or JPEG of at
 * most UPLOAD_MAX_BYTES, judged by its first bytes. The first problem ends the request with a
 * 400 whose message says what is wrong; nothing is kept.
 */
export async function readFormParts(request: FastifyRequest): Promise<FormParts> {
  if (!request.isMultipart()) throw new HttpError(400, contactMessages.notMultipart);
  let data: unknown;
  let sawData = false;
  const files: UploadedFile[] = [];
  let currentFile: string | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 5, parts: 10 },
    });
    for await (const part of parts) {
      if (part.fieldname === DATA_PART) {
        if (sawData) throw new HttpError(400, contactMessages.unexpectedPart(`${DATA_PART} (twice)`));
        sawData = true;
        if (part.type === 'file') {
          data = parseJson((await part.toBuffer()).toString('utf8'));
        } else {
          data = typeof part.value === 'string' ? parseJson(part.value) : part.value;
        }
        continue;
      }
      if (part.fieldname === FILE_PART && part.type === 'file') {
        currentFile = part.filename || `attachment-${files.length + 1}`;
        const file = await readFile(part, files.length + 1);
        currentFile = undefined;
        if (file) files.push(file);
        continue;
      }
      throw new HttpError(400, contactMessages.unexpectedPart(part.fieldname));
    }
  } catch (error) {
    throw asFormError(error, currentFile);
  }
  if (!sawData) throw new HttpError(400, contactMessages.dataMissing);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new HttpError(400, contactMessages.dataNotJson);
  }
  return { data, files };
}

// The files an operator uploads to a request to disclose: clips as the recorder exported them,
// stills, and the playable copies made of clips a browser cannot play.
import { z } from './zod';

export const FILE_KINDS = ['mp4', 'mov', 'avi', 'mkv', 'dav', 'jpeg', 'png'] as const;
export type DisclosureFileKind = (typeof FILE_KINDS)[number];

/**
 * probing: ffprobe has not read it yet; not_needed: it plays as it is, or is a still;
 * waiting/converting/done/failed: its playable copy; not_possible: ffprobe could not read it, so it
 * is kept as a file to download.
 */
export const PROCESSING_STATES = [
  'probing',
  'not_needed',
  'waiting',
  'converting',
  'done',
  'failed',
  'not_possible',
] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const disclosureFile = z.object({
  id: z.number().int(),
  filename: z.string(),
  /** Read from the file's first bytes; null until they arrive. */
  kind: z.enum(FILE_KINDS).nullable(),
  sizeBytes: z.number().int(),
  uploadState: z.enum(['uploading', 'complete']),
  /** Where an unfinished upload resumes (tus); null once complete. */
  uploadUrl: z.string().nullable(),
  /** Of the file as it arrived, computed while it streamed in; null until complete. */
  sha256: sha256.nullable(),
  durationMs: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  videoCodec: z.string().nullable(),
  audioCodec: z.string().nullable(),
  processing: z.object({ state: z.enum(PROCESSING_STATES), progress: z.number().int().min(0).max(100) }),
  /** The H.264 MP4 copy made for a clip a browser cannot play. */
  playable: z.object({ sha256, sizeBytes: z.number().int() }).nullable(),
  /** A still made from a clip: which clip, and where in it. */
  still: z.object({ fromFileId: z.number().int(), atMs: z.number().int() }).nullable(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DisclosureFile = z.infer<typeof disclosureFile>;

// ---- GET /api/requests/{id}/clips
export const disclosureFilesReply = z.object({ files: z.array(disclosureFile) });
export type DisclosureFilesReply = z.infer<typeof disclosureFilesReply>;

// ---- POST /api/requests/{id}/clips/{fileId}/stills
export const stillBody = z.object({
  /** Seconds from the clip's start, to the millisecond. */
  atSeconds: z.number().min(0).max(86_400),
});
export type StillBody = z.infer<typeof stillBody>;

export const disclosureMessages = {
  accepted: 'Upload a clip (MP4, MOV, AVI, MKV or a Dahua DAV export) or a still (JPEG or PNG).',
  contentNotName:
    'The file’s content is not what its name says. Upload the file as the recorder exported it.',
  tooLarge: (maxBytes: number) =>
    `The file is larger than ${Math.floor(maxBytes / 1024 ** 2).toLocaleString('en-GB')} MB, the most one upload may be.`,
  lengthNeeded: 'Say how large the file is (Upload-Length) when the upload starts.',
  notAClip: 'A still can only be taken from a clip whose length is known.',
  pastTheEnd: 'That time is past the end of the clip.',
  notFinished: 'The file has not finished uploading.',
  stillFailed: 'No still could be taken at that time. Try another.',
} as const;

import { contactMessages, detectUploadKind, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@app/contract/contact';

/**
 * The files a visitor picked, checked as the server will check them: at most UPLOAD_MAX_FILES,
 * each non-empty, at most 10 MB, and a PDF or JPEG by its first bytes (not its name), so a
 * wrong file is refused before anything is sent. Returns the files kept and the first problem.
 */
export async function checkFiles(
  current: readonly File[],
  added: readonly File[],
): Promise<{ files: File[]; error: string | undefined }> {
  const files = [...current];
  for (const file of added) {
    // The same file picked twice is sent once.
    if (files.some((f) => fileKey(f) === fileKey(file))) continue;
    if (files.length >= UPLOAD_MAX_FILES) return { files, error: contactMessages.tooManyFiles };
    if (file.size === 0) return { files, error: contactMessages.fileEmpty(file.name) };
    if (file.size > UPLOAD_MAX_BYTES) return { files, error: contactMessages.fileTooLarge(file.name) };
    const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    if (!detectUploadKind(head)) return { files, error: contactMessages.fileType(file.name) };
    files.push(file);
  }
  return { files, error: undefined };
}

/** `12 KB`, `1.2 MB` */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Tells chosen files apart: the same file picked twice has the same key. */
export const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

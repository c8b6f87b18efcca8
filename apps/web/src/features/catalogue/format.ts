import type { DownloadKind } from '@app/contract/catalogue';

/** 451012 -> "440 KB"; sizes under a kilobyte still read as "1 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export const kindLabels: Record<DownloadKind, string> = {
  manual: 'Manual',
  datasheet: 'Datasheet',
  guide: 'Guide',
  'release-notes': 'Release notes',
  tool: 'Offline tool',
};

/** "application/pdf" -> "PDF", "text/plain; charset=utf-8" -> "Text", "audio/wav" -> "WAV". */
export function fileTypeLabel(contentType: string): string {
  const type = contentType.split(';')[0]?.trim();
  if (type === 'application/pdf') return 'PDF';
  if (type === 'text/plain') return 'Text';
  if (type === 'audio/wav') return 'WAV';
  if (type === 'text/html') return 'HTML';
  return type?.split('/')[1]?.toUpperCase() ?? 'File';
}

/** "11" -> "11 seconds", "1" -> "1 second". */
export function formatSeconds(seconds: number): string {
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

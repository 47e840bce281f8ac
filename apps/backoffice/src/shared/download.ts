import type { DownloadProgress } from '@lending/api-client';
import { api } from './api';

export interface DownloadOptions {
  /** Used when the answer names no file. */
  fallbackName: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Told as the file arrives (bytes, line feeds). */
  onProgress?: (progress: DownloadProgress) => void;
}

/**
 * Fetches a file with the staff token (a plain link could not send it) and hands it to the
 * browser as a download named by the answer's Content-Disposition. Resolves to that name.
 */
export async function downloadFile(path: string, options: DownloadOptions): Promise<string> {
  const answer = await downloadOrAccepted(path, options);
  if ('accepted' in answer) throw new Error(`${path} answered 202 instead of a file`);
  return answer.name;
}

/**
 * As downloadFile, for a four-eyes call (ADR 0045) that may answer 202 with an approval request
 * instead of the file: then that request, and nothing is downloaded.
 */
export async function downloadOrAccepted(path: string, { fallbackName, method, body, onProgress }: DownloadOptions): Promise<{ name: string } | { accepted: unknown }> {
  const { blob, fileName, accepted } = await api.download(path, { method, body, onDownloadProgress: onProgress });
  if (accepted !== undefined) return { accepted };
  const name = fileName ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { name };
}

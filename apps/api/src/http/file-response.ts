import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 with
 * RFC 5987's extended value), so every browser saves "výpis účtu.pdf" under its real name.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback =
    fileName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_')
      .trim() || 'soubor';
  const extended = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${extended}`;
}

/** Streams a stored file as a download: its own type and name, never sniffed, never cached. */
export async function sendFile(res: Response, file: { stream: Readable; size: number; mimeType: string; fileName: string }): Promise<void> {
  res.status(200);
  res.set({
    'Content-Type': file.mimeType,
    'Content-Length': String(file.size),
    'Content-Disposition': contentDisposition(file.fileName),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    // Opened in a tab by mistake, an uploaded file runs nothing of ours.
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  try {
    await pipeline(file.stream, res);
  } catch (error) {
    // The client went away mid-download: nothing to answer any more.
    if (!res.headersSent) throw error;
    res.destroy();
  }
}

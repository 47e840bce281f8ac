import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import type { CncbEncoding } from '@lending/contracts';
import type { FileStorage } from '../../integrations/storage/index.ts';
import { headerLine, trailerLine, type FileContext, type FilePart } from './layout.ts';

// A part of a batch as a stored file (docs/decisions/0050): written once, in UTF-8, by the job;
// downloaded in UTF-8 as stored or transcoded to windows-1250 while it streams.

/** What `files` of a batch row holds of each stored part. */
export interface StoredPart {
  key: string;
  size: number;
  sha256: string;
  /** Data records (header and trailer not counted). */
  records: number;
  /** The file's size in windows-1250: one byte per UTF-16 code unit (what the transcoding writes). */
  size_windows_1250: number;
}

/** `credit-register/<batch id>/deals.txt`, `persons.txt`, `repi.txt`. */
export const partKey = (batchId: number, part: FilePart) => `credit-register/${batchId}/${part}.txt`;

/**
 * Streams header, records and trailer to the storage under the part's key, hashing and counting
 * as it goes: `pages` yields the records page by page, `toLine` makes a record's line. The
 * header states `context.records` (counted first, in the same snapshot); a file whose records
 * come out another number is refused rather than stored with a header that lies.
 */
export async function writePart<S>(
  storage: FileStorage,
  batchId: number,
  context: Omit<FileContext, 'part'> & { part: FilePart },
  pages: AsyncIterable<S[]>,
  toLine: (source: S) => string,
): Promise<StoredPart> {
  const hash = createHash('sha256');
  let size = 0;
  let units = 0;
  let records = 0;
  const chunk = (text: string): Buffer => {
    const bytes = Buffer.from(text, 'utf8');
    hash.update(bytes);
    size += bytes.length;
    units += text.length;
    return bytes;
  };
  async function* lines(): AsyncGenerator<Buffer> {
    yield chunk(headerLine(context));
    for await (const page of pages) {
      records += page.length;
      yield chunk(page.map(toLine).join(''));
    }
    if (records !== context.records) throw new Error(`credit register ${context.part}: ${records} records written, ${context.records} counted`);
    yield chunk(trailerLine(context));
  }
  const key = partKey(batchId, context.part);
  await storage.put(key, Readable.from(lines()), { contentType: 'text/plain; charset=utf-8' });
  return { key, size, sha256: hash.digest('hex'), records, size_windows_1250: units };
}

/**
 * The stored UTF-8 bytes in `encoding`: as they are, or decoded and encoded again to
 * windows-1250 chunk by chunk (iconv-lite; a character split across chunks is kept whole).
 * Characters windows-1250 lacks become '?'.
 */
export async function* inEncoding(stored: AsyncIterable<Buffer | string>, encoding: CncbEncoding): AsyncGenerator<Buffer> {
  if (encoding === 'UTF-8') {
    for await (const chunk of stored) yield Buffer.from(chunk);
    return;
  }
  const decoder = iconv.getDecoder('utf8');
  const encoder = iconv.getEncoder('win1250');
  for await (const chunk of stored) {
    const text = decoder.write(Buffer.from(chunk));
    if (text) yield encoder.write(text);
  }
  const rest = decoder.end();
  if (rest) yield encoder.write(rest);
}

export const contentTypeOf = (encoding: CncbEncoding) => `text/plain; charset=${encoding === 'UTF-8' ? 'utf-8' : 'windows-1250'}`;

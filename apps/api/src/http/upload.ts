import { Readable } from 'node:stream';
import type { Request } from 'express';
import busboy from 'busboy';
import type { FileSink, ReceivedUpload } from '../domain/upload.ts';
import { badRequest, HttpError } from './errors.ts';

// What a use case sees of an upload is in domain/upload.ts; the routers that read one get it here too.
export type { FileSink, IncomingFile, ReceivedUpload, ReceiveUpload } from '../domain/upload.ts';

/** The first bytes of a file part read before it is handed on: enough to tell its type. */
export const HEAD_BYTES = 4096;
// Room for the text fields, part headers and boundaries around the file in a declared length.
const ENVELOPE_BYTES = 64 * 1024;

const fieldMessages = {
  oneFile: (field: string) => `Nahrajte právě jeden soubor v poli „${field}“.`,
  malformed: 'Tělo požadavku není platné multipart/form-data.',
};

/**
 * Reads a multipart/form-data body holding at most one file and a few text fields, streaming:
 * the file never sits in memory as a whole, it goes to `sink` as it arrives. A body declared
 * (Content-Length) or found bigger than `maxBytes` answers 413 with `tooLargeMessage` before or
 * while it is read; any other malformed body answers 400. A request that is not multipart yields
 * no fields and no file, and its body is left unread.
 */
export function receiveSingleFile<T>(req: Request, options: { field: string; maxBytes: number; tooLargeMessage: string; sink: FileSink<T> }): Promise<ReceivedUpload<T>> {
  const tooLarge = () => new HttpError(413, { detail: options.tooLargeMessage });
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) return Promise.resolve({ fields: {}, file: null });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + ENVELOPE_BYTES) return Promise.reject(tooLarge());

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send file names as raw UTF-8; busboy's default would read them as Latin-1.
        defParamCharset: 'utf8',
        // One byte over the limit is enough to know the file is too big; busboy skips the rest.
        limits: { fileSize: options.maxBytes + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
      });
    } catch {
      reject(malformed());
      return;
    }
    const fields: Record<string, string> = {};
    let failure: HttpError | null = null;
    let sinking: Promise<T> | null = null;
    const fail = (error: HttpError) => (failure ??= error);
    let finished = false;

    /** `error`: the parse failed (client gone, malformed) or must stop now (file too large). */
    const finish = async (error: unknown) => {
      if (finished) return;
      finished = true;
      req.unpipe(parser);
      if (error) parser.destroy();
      // The sink cleans up after itself before it settles: wait for it in any case.
      const file = sinking ? await sinking.then((v) => ({ ok: true as const, v }), (e: unknown) => ({ ok: false as const, e })) : null;
      if (error instanceof HttpError) return reject(error);
      if (error) return reject(failure ?? malformed());
      if (file && !file.ok) return reject(file.e);
      if (failure) return reject(failure);
      resolve({ fields, file: file ? file.v : null });
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) fail(malformed());
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.field || sinking || failure) {
        fail(badRequest({ [options.field]: [fieldMessages.oneFile(options.field)] }));
        stream.resume();
        return;
      }
      sinking = sinkFile(stream, info.filename ?? '', { ...fields }, options.maxBytes, () => {
        const error = tooLarge();
        void finish(error);
        return error;
      }, options.sink);
      // Reported by finish(), once the whole body has been parsed.
      sinking.catch(() => undefined);
    });
    parser.on('filesLimit', () => fail(badRequest({ [options.field]: [fieldMessages.oneFile(options.field)] })));
    parser.on('fieldsLimit', () => fail(malformed()));
    parser.on('partsLimit', () => fail(malformed()));
    parser.on('close', () => void finish(null));
    parser.on('error', (error) => void finish(error));
    // A client that goes away mid-body: busboy would wait for the end for ever, so tell it (and the sink).
    const aborted = () => {
      if (!req.complete) parser.destroy(new Error('The client closed the connection before the upload ended.'));
    };
    req.on('aborted', aborted);
    req.on('close', aborted);
    req.on('error', (error) => parser.destroy(error));
    req.pipe(parser);
  });
}

const malformed = () => badRequest({ non_field_errors: [fieldMessages.malformed] });

/** Reads the head of a file part, then hands the whole part to the sink as one stream. */
async function sinkFile<T>(
  part: Readable,
  originalName: string,
  fieldsSoFar: Record<string, string>,
  maxBytes: number,
  /** Called once the file is known to be too large; answers the error to fail with. */
  onTooLarge: () => Error,
  sink: FileSink<T>,
): Promise<T> {
  const iterator = part[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let received = 0;
  let ended = false;
  let tooLarge: Error | null = null;
  const take = async (): Promise<Buffer | null> => {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      return null;
    }
    received += next.value.length;
    if (received > maxBytes) {
      tooLarge = onTooLarge();
      throw tooLarge;
    }
    return next.value;
  };

  const first: Buffer[] = [];
  try {
    for (let chunk = received < HEAD_BYTES ? await take() : null; chunk; chunk = received < HEAD_BYTES ? await take() : null) first.push(chunk);
  } catch (error) {
    if (!tooLarge) await drain(iterator);
    throw error;
  }
  const opening = Buffer.concat(first);
  const stream = Readable.from(
    (async function* () {
      if (opening.length) yield opening;
      for (let chunk = ended ? null : await take(); chunk; chunk = await take()) yield chunk;
    })(),
  );
  try {
    return await sink({ originalName, head: opening.subarray(0, HEAD_BYTES), stream }, fieldsSoFar);
  } catch (error) {
    // However the sink reports it, a file too large is a 413.
    throw tooLarge ?? error;
  } finally {
    // Whatever the sink left unread is pulled off the wire and dropped, so parsing goes on; a
    // file too large is not read further at all (the request is answered 413 at once).
    if (!ended) {
      stream.destroy();
      if (!tooLarge) await drain(iterator);
    }
  }
}

async function drain(iterator: AsyncIterator<Buffer>): Promise<void> {
  try {
    for (let next = await iterator.next(); !next.done; next = await iterator.next());
  } catch {
    // The part failed (client gone): nothing left to drain.
  }
}

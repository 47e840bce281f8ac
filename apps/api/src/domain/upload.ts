import type { Readable } from 'node:stream';

// An upload as a use case takes it (docs/decisions/0040): the router reads the request
// (http/upload.ts), the use case decides what becomes of the file, and neither sees the other's side.

/** A file part as it arrives: its first bytes already read, the rest still on the wire. */
export interface IncomingFile {
  originalName: string;
  /** The first bytes of the file (all of it when shorter): enough to tell its type. */
  head: Buffer;
  /**
   * The whole file, head included, read from the request as it is consumed. It fails past the
   * size limit, and when the client goes away, so a store fed from it never keeps a partial file.
   */
  stream: Readable;
}

/** Consumes the file part (stores it, or leaves it: what is left unread is discarded). */
export type FileSink<T> = (file: IncomingFile, fieldsSoFar: Readonly<Record<string, string>>) => Promise<T>;

/** Reads the multipart body, handing its file to `sink`: how a use case takes an upload without Express. */
export type ReceiveUpload<T> = (sink: FileSink<T>) => Promise<ReceivedUpload<T>>;

export interface ReceivedUpload<T> {
  fields: Record<string, string>;
  /** What the sink made of the file, or null when the request held none. */
  file: T | null;
}

import type { Request, Response } from 'express';
import multer from 'multer';
import { badRequest, HttpError } from './errors.ts';

export interface ReceivedFile {
  buffer: Buffer;
  originalName: string;
  size: number;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

const fieldMessages = {
  oneFile: (field: string) => `Nahrajte právě jeden soubor v poli „${field}“.`,
  malformed: 'Tělo požadavku není platné multipart/form-data.',
};

/**
 * Reads a multipart/form-data body holding at most one file (in memory: uploads are small)
 * and a few text fields. A file over `maxBytes` answers 413 with `tooLargeMessage`; any other
 * malformed body answers 400. A request that is not multipart yields no fields and no file.
 */
export function receiveSingleFile(req: Request, res: Response, options: { field: string; maxBytes: number; tooLargeMessage: string }): Promise<ReceivedUpload> {
  const parse = multer({
    storage: multer.memoryStorage(),
    // Browsers send file names as raw UTF-8; busboy's default would read them as Latin-1.
    defParamCharset: 'utf8',
    limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
  }).single(options.field);
  return new Promise((resolve, reject) => {
    parse(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(new HttpError(413, { detail: options.tooLargeMessage }));
        if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
          return reject(badRequest({ [options.field]: [fieldMessages.oneFile(options.field)] }));
        }
        return reject(badRequest({ non_field_errors: [fieldMessages.malformed] }));
      }
      if (error) return reject(badRequest({ non_field_errors: [fieldMessages.malformed] }));
      const body = (req.body ?? {}) as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const file = req.file ? { buffer: req.file.buffer, originalName: req.file.originalname, size: req.file.size } : null;
      resolve({ fields, file });
    });
  });
}

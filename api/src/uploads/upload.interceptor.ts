import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';
import {
  type AppConfig,
  MAX_UPLOAD_BYTES,
  newUploadId,
  UPLOAD_EXTENSIONS,
  uploadsDir as uploadsFolder,
  XLS_NOT_READ_MESSAGE,
} from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';

/** Admin spec §5: the toast title 'Dosya çok büyük' and the 150 MB rule, as one sentence. */
export const tooLargeMessage = (name: string) =>
  `Dosya çok büyük: "${name}" is over 150MB; each file may be at most 150 MB. Split it and upload the parts.`;
export const wrongTypeMessage = (name: string) =>
  `Invalid File Type: "${name}" is not a spreadsheet; select an Excel (.xlsx) or .csv file.`;
export const NO_FILE_MESSAGE = 'No file was uploaded; send the spreadsheet as the multipart field "file".';

/** Where uploads are streamed to (DATA_DIR/uploads); the worker reads them from there. */
export const uploadsDir = (config: AppConfig) => uploadsFolder(config.DATA_DIR);

/** At most one file and a few small text fields (the batch's numbers). */
const LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 };

/** The file an upload wrote: its upload id (its name on disk), the name it was sent with, its size and path. */
export interface StoredUpload {
  filename: string;
  originalname: string;
  size: number;
  path: string;
}

/**
 * Streams the multipart field `file` to DATA_DIR/uploads under a new upload id (never the whole file in
 * memory), refusing other types before a byte is written and files over 150 MB while they arrive (the
 * partial file is removed); the text fields become the request's body. Interceptors run after guards, so an
 * unauthenticated upload is refused before this parser reads anything. If the request fails after the file
 * was written, the file is removed.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = uploadsDir(config);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<UploadRequest>();
    const upload = await this.receive(req);
    req.upload = upload;
    return next.handle().pipe(
      catchError((error: unknown) =>
        // Once queued, the file belongs to the import job (kept for a retry), whatever the answer.
        from(req.uploadQueued ? Promise.resolve() : rm(upload.path, { force: true })).pipe(
          mergeMap(() => throwError(() => error)),
        ),
      ),
    );
  }

  private async receive(req: UploadRequest): Promise<StoredUpload> {
    const fields: Record<string, string> = {};
    let stored: StoredUpload | undefined;
    try {
      // Browsers send UTF-8 file names (Turkish, Cyrillic …), which busboy reads as UTF-8.
      for await (const part of req.parts({ limits: LIMITS })) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file') {
          throw new BadRequestException(
            `The file must be sent as the multipart field "file", not "${part.fieldname}".`,
          );
        }
        req.uploadName = part.filename;
        const extension = extname(part.filename).toLowerCase();
        if (extension === '.xls') throw new BadRequestException(XLS_NOT_READ_MESSAGE);
        if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
          throw new HttpException(wrongTypeMessage(part.filename), HttpStatus.UNSUPPORTED_MEDIA_TYPE);
        }
        await mkdir(this.dir, { recursive: true });
        // The file's name is its upload id, the only way an import job may name it (core's uploads.ts).
        const filename = newUploadId(part.filename);
        stored = { filename, originalname: part.filename, size: 0, path: join(this.dir, filename) };
        const output = createWriteStream(stored.path);
        await pipeline(part.file, output);
        if (part.file.truncated) throw new HttpException(tooLargeMessage(part.filename), HttpStatus.PAYLOAD_TOO_LARGE);
        stored.size = output.bytesWritten;
      }
    } catch (error) {
      if (stored) await rm(stored.path, { force: true });
      throw uploadError(error, req);
    }
    if (!stored) throw new BadRequestException(NO_FILE_MESSAGE);
    req.body = fields;
    return stored;
  }
}

function uploadError(error: unknown, req: UploadRequest): Error {
  if (error instanceof HttpException) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpException(tooLargeMessage(req.uploadName ?? 'the file'), HttpStatus.PAYLOAD_TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return new BadRequestException('Send one file per request; upload several files one after another.');
    default:
      return new BadRequestException(`The upload could not be read: ${(error as Error).message}.`);
  }
}

/**
 * upload: the file written. uploadName: the file being written, kept for the error when the size limit hits
 * mid-stream. uploadQueued: set once the import job holds the file.
 */
export type UploadRequest = FastifyRequest & { upload?: StoredUpload; uploadName?: string; uploadQueued?: boolean };

import { mkdir, rm } from 'node:fs/promises';
import { extname } from 'node:path';
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
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
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

/**
 * Streams the multipart field `file` to DATA_DIR/uploads under a new upload id (never the whole file in
 * memory), refusing other types before a byte is written and files over 150 MB while they arrive (the
 * partial file is removed). Interceptors run after guards, so an unauthenticated upload is refused before
 * this parser reads anything. If the request fails after the file was written, the file is removed.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  private readonly parse: RequestHandler;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const dir = uploadsDir(config);
    this.parse = multer({
      storage: multer.diskStorage({
        destination: (_req, _file, done) => {
          mkdir(dir, { recursive: true }).then(
            () => done(null, dir),
            (error: Error) => done(error, dir),
          );
        },
        // The file's name is its upload id, the only way an import job may name it (core's uploads.ts).
        filename: (_req, file, done) => {
          try {
            done(null, newUploadId(file.originalname));
          } catch (error) {
            done(error as Error, '');
          }
        },
      }),
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
      fileFilter: (req, file, done) => {
        (req as UploadRequest).uploadName = file.originalname;
        const extension = extname(file.originalname).toLowerCase();
        if ((UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return done(null, true);
        if (extension === '.xls') return done(new BadRequestException(XLS_NOT_READ_MESSAGE));
        done(new HttpException(wrongTypeMessage(file.originalname), HttpStatus.UNSUPPORTED_MEDIA_TYPE));
      },
      // Browsers send UTF-8 file names (Turkish, Cyrillic …).
      defParamCharset: 'utf8',
    }).single('file');
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    await new Promise<void>((resolveParse, rejectParse) => {
      this.parse(req, res, (error?: unknown) => (error ? rejectParse(uploadError(error, req)) : resolveParse()));
    });
    if (!req.file) throw new BadRequestException(NO_FILE_MESSAGE);
    const path = req.file.path;
    return next.handle().pipe(
      catchError((error: unknown) =>
        // Once queued, the file belongs to the import job (kept for a retry), whatever the answer.
        from((req as UploadRequest).uploadQueued ? Promise.resolve() : rm(path, { force: true })).pipe(
          mergeMap(() => throwError(() => error)),
        ),
      ),
    );
  }
}

function uploadError(error: unknown, req: Request): Error {
  if (error instanceof HttpException) return error;
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new HttpException(
          tooLargeMessage((req as UploadRequest).uploadName ?? 'the file'),
          HttpStatus.PAYLOAD_TOO_LARGE,
        );
      case 'LIMIT_FILE_COUNT':
        return new BadRequestException('Send one file per request; upload several files one after another.');
      case 'LIMIT_UNEXPECTED_FILE':
        return new BadRequestException(`The file must be sent as the multipart field "file", not "${error.field}".`);
      default:
        return new BadRequestException(`The upload could not be read: ${error.message}.`);
    }
  }
  return new BadRequestException(`The upload could not be read: ${(error as Error).message}.`);
}

/**
 * uploadName: the file being written, kept for the error when the size limit hits mid-stream.
 * uploadQueued: set once the import job holds the file.
 */
export type UploadRequest = Request & { uploadName?: string; uploadQueued?: boolean };

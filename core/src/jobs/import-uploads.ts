import { randomUUID } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { UPLOAD_EXTENSIONS } from '../wire/uploads.js';

/*
 * An import job never carries a path: it names its upload by id, the random name the api gave the file in
 * DATA_DIR/uploads, and only a name of that exact form is ever turned into a path (inside that folder). So
 * whoever can add a job (an admin, Bull Board, anything with Redis) cannot make the worker read or delete
 * any other file of the server.
 */

/** An upload id: a random UUID and one of the upload extensions, nothing else (no separator, no dot-dot). */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:xlsx|csv)$/;

/** The folder the api streams uploads into and the worker reads them from. */
export const uploadsDir = (dataDir: string) => resolve(dataDir, 'uploads');

/** A job whose upload id is not one, or names no file: the job fails with this reason and nothing is removed. */
export class UploadIdError extends Error {}

/** A fresh upload id for a file the admin named `originalName` (its extension, lower-cased, is kept). */
export function newUploadId(originalName: string): string {
  const extension = extname(originalName).toLowerCase();
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new UploadIdError(`"${originalName}" is not a spreadsheet; upload an .xlsx or .csv file.`);
  }
  return `${randomUUID()}${extension}`;
}

/** True when `value` is an upload id (and so names a file inside the uploads folder only). */
export const isUploadId = (value: unknown): value is string =>
  typeof value === 'string' && UPLOAD_ID_PATTERN.test(value);

/** The path of an upload inside DATA_DIR/uploads; throws UploadIdError for anything that is not an upload id. */
export function uploadPath(dataDir: string, uploadId: unknown): string {
  if (!isUploadId(uploadId)) {
    const shown = typeof uploadId === 'string' ? JSON.stringify(uploadId.slice(0, 100)) : 'nothing';
    throw new UploadIdError(
      `The import job names the upload ${shown}, which is not an upload id (the server names each upload itself); ` +
        'nothing was imported or removed. Upload the file again.',
    );
  }
  return join(uploadsDir(dataDir), uploadId);
}

/**
 * The path of an upload that is there: a regular file (not a link) in DATA_DIR/uploads. Throws UploadIdError
 * for a bad id, or when no such upload is left (uploads go once imported, or after 7 days).
 */
export async function existingUploadPath(dataDir: string, uploadId: unknown, fileName: string): Promise<string> {
  const path = uploadPath(dataDir, uploadId);
  const info = await lstat(path).catch(() => null);
  if (!info?.isFile()) {
    throw new UploadIdError(
      `The uploaded file "${fileName}" is no longer on the server (uploads are removed once imported, ` +
        `or after 7 days); upload it again.`,
    );
  }
  return path;
}

import type { ErrorRequestHandler, RequestHandler } from 'express';
import express from 'express';

/** Public JSON bodies (contact form, sign-in) are small; admin bodies carry snippets and ad codes. */
export const PUBLIC_BODY_LIMIT = '100kb';
export const ADMIN_BODY_LIMIT = '2mb';

/**
 * JSON and form bodies with a size limit per area (multipart uploads are streamed by multer under their own
 * 150 MB limit). Registered by app.factory.ts instead of Nest's one-size parsers.
 */
export function bodyParsers(): RequestHandler[] {
  const admin = [
    express.json({ limit: ADMIN_BODY_LIMIT }),
    express.urlencoded({ limit: ADMIN_BODY_LIMIT, extended: true }),
  ];
  const pub = [
    express.json({ limit: PUBLIC_BODY_LIMIT }),
    express.urlencoded({ limit: PUBLIC_BODY_LIMIT, extended: true }),
  ];
  const area =
    (index: 0 | 1): RequestHandler =>
    (req, res, next) =>
      (req.path.startsWith('/api/admin/') ? admin : pub)[index](req, res, next);
  return [area(0), area(1)];
}

/** A body too large or not JSON is answered like every other bad request: a JSON 413/400 with a sentence. */
export const bodyErrors: ErrorRequestHandler = (error, req, res, next) => {
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large') {
    const limit = req.path.startsWith('/api/admin/') ? ADMIN_BODY_LIMIT : PUBLIC_BODY_LIMIT;
    res.status(413).json({
      statusCode: 413,
      error: 'Payload Too Large',
      message: `The request body is larger than ${limit}; send less data.`,
    });
    return;
  }
  if (type === 'entity.parse.failed') {
    res.status(400).json({
      statusCode: 400,
      error: 'Bad Request',
      message: `The request body is not valid JSON (${(error as Error).message}).`,
    });
    return;
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    res.status(415).json({ statusCode: 415, error: 'Unsupported Media Type', message: (error as Error).message });
    return;
  }
  next(error);
};

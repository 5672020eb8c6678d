import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
  SetMetadata,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Observable } from 'rxjs';

/** What body a route reads: JSON up to a size, or a multipart upload (read by the route's UploadInterceptor). */
export type BodyRule = { kind: 'json'; limit: string } | { kind: 'multipart' };
export const BODY_RULE = 'directory:body-rule';

/** A route that reads no body still accepts a small JSON one, such as the `{}` many clients send, and ignores it. */
const IGNORED_BODY: BodyRule = { kind: 'json', limit: '1kb' };

/** The route reads a JSON body of at most `limit` (bytes, or '16kb'-style). */
export const JsonBody = (limit: string) => SetMetadata(BODY_RULE, { kind: 'json', limit } satisfies BodyRule);
/** The route reads a multipart upload; its own interceptor streams it. */
export const MultipartBody = () => SetMetadata(BODY_RULE, { kind: 'multipart' } satisfies BodyRule);

const parsers = new Map<string, RequestHandler>();
const jsonParser = (limit: string) => {
  let parser = parsers.get(limit);
  if (!parser) parsers.set(limit, (parser = express.json({ limit, type: () => true })));
  return parser;
};

/**
 * Reads a request's body only for a route that declares one, after the access guard has let the request in
 * (guards run before interceptors): a stranger's body sent to an admin call is never parsed, and no route
 * reads more than its own limit (1 KB, ignored, where it takes none). A body in another format than the
 * route's is refused with 415.
 */
@Injectable()
export class RequestBodyInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (!hasBody(req)) return next.handle();
    const rule = this.reflector.get<BodyRule | undefined>(BODY_RULE, context.getHandler()) ?? IGNORED_BODY;
    if (rule.kind === 'multipart') {
      if (req.is('multipart/form-data')) return next.handle();
      throw new UnsupportedMediaTypeException('This call takes a multipart/form-data upload.');
    }
    if (!req.is('application/json')) {
      const sent = req.headers['content-type']?.split(';')[0].trim() || 'no Content-Type';
      throw new UnsupportedMediaTypeException(
        `Send the request body as JSON (Content-Type: application/json); this request sent ${sent}.`,
      );
    }
    const res = context.switchToHttp().getResponse<Response>();
    await new Promise<void>((resolve, reject) =>
      jsonParser(rule.limit)(req, res, (error?: unknown) => (error ? reject(bodyError(error, rule.limit)) : resolve())),
    );
    return next.handle();
  }
}

/** A request carries a body when it says so (Transfer-Encoding, or a Content-Length above 0). */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function bodyError(error: unknown, limit: string): HttpException {
  const { type, message } = error as { type?: string; message: string };
  switch (type) {
    case 'entity.too.large':
      return new PayloadTooLargeException(`The request body is larger than this call's ${limit}; send less data.`);
    case 'entity.parse.failed':
      return new BadRequestException(`The request body is not valid JSON (${message}).`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaTypeException(message);
    case 'request.aborted':
      return new BadRequestException('The request body was cut short by the client.');
    default:
      return new HttpException(`The request body could not be read: ${message}`, HttpStatus.BAD_REQUEST);
  }
}

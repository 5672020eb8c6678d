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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import secureJson from 'secure-json-parse';

/** What body a route reads: JSON up to a size, or a multipart upload (read by the route's UploadInterceptor). */
export type BodyRule = { kind: 'json'; limit: string } | { kind: 'multipart' };
export const BODY_RULE = 'directory:body-rule';

/** A route that reads no body still accepts a small JSON one, such as the `{}` many clients send, and ignores it. */
const IGNORED_BODY: BodyRule = { kind: 'json', limit: '1kb' };

/** The route reads a JSON body of at most `limit` (bytes, or '16kb'-style). */
export const JsonBody = (limit: string) => SetMetadata(BODY_RULE, { kind: 'json', limit } satisfies BodyRule);
/** The route reads a multipart upload; its own interceptor streams it. */
export const MultipartBody = () => SetMetadata(BODY_RULE, { kind: 'multipart' } satisfies BodyRule);

/** Each request's body stream as Fastify hands it over (inflated when sent gzip-, deflate- or br-encoded). */
const bodies = new WeakMap<object, NodeJS.ReadableStream>();

/**
 * Fastify reads no body before the route's handler runs: every content type is taken as is and its stream
 * kept, so RequestBodyInterceptor (JSON) or UploadInterceptor (multipart, @fastify/multipart's parser, which
 * also reads nothing until asked) read it after the access guard.
 */
export function deferBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (request, payload, done) => {
    bodies.set(request.raw, payload);
    done(null, undefined);
  });
}

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
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (!hasBody(req)) return next.handle();
    const rule = this.reflector.get<BodyRule | undefined>(BODY_RULE, context.getHandler()) ?? IGNORED_BODY;
    const [type, ...parameters] = (req.headers['content-type'] ?? '').split(';').map((part) => part.trim());
    if (rule.kind === 'multipart') {
      if (type.toLowerCase() === 'multipart/form-data') return next.handle();
      throw new UnsupportedMediaTypeException('This call takes a multipart/form-data upload.');
    }
    if (type.toLowerCase() !== 'application/json') {
      throw new UnsupportedMediaTypeException(
        `Send the request body as JSON (Content-Type: application/json); this request sent ${type || 'no Content-Type'}.`,
      );
    }
    const charset = parameters
      .find((part) => /^charset=/i.test(part))
      ?.slice(8)
      .replace(/"/g, '')
      .toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      throw new UnsupportedMediaTypeException(`The request body must be UTF-8; this request sent charset ${charset}.`);
    }
    const text = await readBody(bodies.get(req.raw) ?? req.raw, req, rule.limit);
    req.body = parseJson(text);
    return next.handle();
  }
}

/**
 * The body's JSON ({} when empty). A `__proto__` or `constructor.prototype` key is refused: merged into an
 * object later, it would set that object's prototype.
 */
function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  if (nestingDepth(text) > MAX_NESTING)
    throw new BadRequestException(
      `The request body nests arrays and objects more than ${MAX_NESTING} deep; no call takes such a body.`,
    );
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }) as unknown;
  } catch (error) {
    const message = (error as Error).message;
    throw new BadRequestException(
      /forbidden prototype property/.test(message)
        ? 'The request body may not hold a __proto__ or constructor.prototype key: send it without.'
        : `The request body is not valid JSON (${message}).`,
    );
  }
}

/**
 * Levels of arrays and objects a body may nest (the calls' bodies nest two or three): validation walks a body
 * recursively, and a few kilobytes of brackets would overflow its stack (a 500).
 */
const MAX_NESTING = 32;

/** The deepest nesting of arrays and objects in a JSON text (brackets inside strings aside). */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** A request carries a body when it says so (Transfer-Encoding, or a Content-Length above 0). */
function hasBody(req: FastifyRequest): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** '64kb' → 65,536 bytes (1 KB = 1,024 bytes). */
function bytesOf(limit: string): number {
  const match = /^(\d+)(b|kb|mb)?$/i.exec(limit.trim());
  if (!match) throw new Error(`${limit} is no body size`);
  return Number(match[1]) * ({ b: 1, kb: 1024, mb: 1024 * 1024 }[(match[2] ?? 'b').toLowerCase()] ?? 1);
}

/** The body's text, refused (413) as soon as it is known to pass the limit: no more of it is read. */
function readBody(stream: NodeJS.ReadableStream, req: FastifyRequest, limit: string): Promise<string> {
  const max = bytesOf(limit);
  const tooLarge = () =>
    new PayloadTooLargeException(`The request body is larger than this call's ${limit}; send less data.`);
  if (Number(req.headers['content-length'] ?? 0) > max) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: HttpException) => {
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      req.raw.removeListener('aborted', onAborted);
      if (error) {
        stream.pause();
        reject(error);
      } else resolve(Buffer.concat(chunks, size).toString('utf8'));
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > max) return finish(tooLarge());
      chunks.push(bytes);
    };
    const onEnd = () => finish();
    const onError = (error: Error) =>
      finish(
        error instanceof HttpException
          ? error
          : new HttpException(`The request body could not be read: ${error.message}`, HttpStatus.BAD_REQUEST),
      );
    const onAborted = () => finish(new BadRequestException('The request body was cut short by the client.'));
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    req.raw.once('aborted', onAborted);
    // A 'data' listener does not start a stream paused on purpose: @fastify/compress hands over its inflating
    // stream paused, and a compressed body was never read (the request hung until the client left).
    stream.resume();
  });
}

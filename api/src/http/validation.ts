import {
  type ArgumentMetadata,
  BadRequestException,
  Injectable,
  ValidationPipe,
  type ValidationPipeOptions,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Per request object (its query, its path parameters): the validated argument of each DTO class. */
const validatedOf = new WeakMap<object, Map<unknown, unknown>>();

/**
 * The request's query and path parameters (one object each for the whole request on Fastify), remembered for
 * ValidationOncePipe: they are the objects Nest then hands to the handler's pipes.
 */
export function validateOncePerRequest(req: FastifyRequest): {
  query: Record<string, unknown>;
  params: Record<string, string>;
} {
  const query = req.query as Record<string, unknown>;
  for (const source of [query, req.params as object]) if (!validatedOf.has(source)) validatedOf.set(source, new Map());
  return { query, params: req.params as Record<string, string> };
}

/**
 * The app's ValidationPipe, run once per request and DTO class on a request object remembered by
 * validateOncePerRequest: the public cache's key validates the query before the handler does, and the
 * handler gets that same validated DTO. Validation is a pure function of the object and the class, and the
 * object is the request's own, so nothing crosses requests. A refusal is not remembered: the second run
 * throws the same 400 again. Anything else (bodies, single parameters) is validated as usual.
 */
@Injectable()
export class ValidationOncePipe extends ValidationPipe {
  /**
   * Bodies name every field they may hold: one the DTO lacks is a 400 naming it ("property slug should not exist"),
   * where it was dropped and the write answered success; a body of null is a 400 too. Queries drop what they do
   * not know (a shared link's utm_source or fbclid must still open the page).
   */
  private readonly bodies: ValidationPipe;

  constructor(options: ValidationPipeOptions) {
    super(options);
    this.bodies = new ValidationPipe({ ...options, whitelist: true, forbidNonWhitelisted: true });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
      // JSON's null is no set of fields (a save of null answered success, writing nothing).
      if (value === null) throw new BadRequestException('The body must be a JSON object, not null.');
      return this.bodies.transform(value, metadata);
    }
    const validated = value !== null && typeof value === 'object' ? validatedOf.get(value) : undefined;
    if (!validated || (metadata.type !== 'query' && metadata.type !== 'param') || metadata.data !== undefined) {
      return super.transform(value, metadata);
    }
    if (validated.has(metadata.metatype)) return validated.get(metadata.metatype);
    const result: unknown = await super.transform(value, metadata);
    validated.set(metadata.metatype, result);
    return result;
  }
}

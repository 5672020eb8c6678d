import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

/**
 * PostgreSQL text cannot hold a NUL character (U+0000): a query parameter, path parameter or JSON field
 * carrying one (`%00`, `\u0000`) made the database throw, a 500. This global pipe, registered before the
 * ValidationPipe, looks at every query, route parameter and body a handler receives, as sent (unknown
 * parameters included), and refuses a NUL anywhere in a name or value with a 400 naming the parameter.
 * The walk is iterative, so a deeply nested JSON body cannot overflow the stack.
 */
@Injectable()
export class RejectNulPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const found = nulPath(value, metadata.data ?? '');
    if (found !== null) {
      const where = found || (metadata.type === 'body' ? 'The request body' : `The ${metadata.type}`);
      throw new BadRequestException([`${where} must not contain a NUL character (%00 or \\u0000)`]);
    }
    return value;
  }
}

/** The dotted name of the first string holding a NUL ('' for the value itself), or null when there is none. */
export function nulPath(value: unknown, name = ''): string | null {
  const stack: [unknown, string][] = [[value, name]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\0')) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = Array.isArray(current) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
        if (key.includes('\0')) return JSON.stringify(childPath);
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

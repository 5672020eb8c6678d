import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';

/**
 * A query parameter sent more than once (`?q=a&q=b`) reaches a handler as a list, and its DTO's checks then
 * name the wrong problem ("q must be at most 200 characters"). This global pipe, registered before the
 * ValidationPipe, refuses with a 400 naming it every parameter given more than once that its DTO, or the
 * handler's single `@Query('name')`, declares as one value. Parameters no DTO declares are left to the
 * ValidationPipe's whitelist, which drops them.
 */
@Injectable()
export class SingleValuesPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'query' || value === null || typeof value !== 'object') return value;
    if (metadata.data !== undefined) {
      if (Array.isArray(value) && metadata.metatype !== Array)
        throw new BadRequestException([givenOnce(metadata.data, value)]);
      return value;
    }
    if (!metadata.metatype) return value;
    const problems: string[] = [];
    for (const [name, given] of Object.entries(value)) {
      if (Array.isArray(given) && singleValued(metadata.metatype).has(name)) problems.push(givenOnce(name, given));
    }
    if (problems.length) throw new BadRequestException(problems);
    return value;
  }
}

/** Per DTO class, the parameters it checks that hold one value (not a list: IsArray, `each`, Array-typed). */
const singleValuedOf = new WeakMap<object, Set<string>>();

function singleValued(dto: abstract new (...args: never[]) => unknown): Set<string> {
  let names = singleValuedOf.get(dto);
  if (names) return names;
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const lists = new Set(
    rules
      .filter((rule) => rule.each || rule.name === 'isArray' || rule.name?.startsWith('array'))
      .map((rule) => rule.propertyName),
  );
  names = new Set(
    rules
      .map((rule) => rule.propertyName)
      .filter(
        (name) => !lists.has(name) && Reflect.getMetadata('design:type', dto.prototype as object, name) !== Array,
      ),
  );
  singleValuedOf.set(dto, names);
  return names;
}

function givenOnce(name: string, values: unknown[]): string {
  return `${name} must be given once (it was sent ${values.length} times)`;
}

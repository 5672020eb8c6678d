import type { INestApplication } from '@nestjs/common';
import { ApiProperty, DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { METRICS_SCHEME, SESSION_SCHEME } from '../auth/access.js';
import { SESSION_COOKIE } from '../auth/auth.service.js';

export const API_DOCS_PATH = 'api/docs';
export const API_DOCS_JSON_PATH = 'api/docs/openapi.json';

/**
 * OpenAPI document of every call, generated from the code (@nestjs/swagger) and served at /api/docs (the
 * document itself at /api/docs/openapi.json). Parameters come from the validation rules themselves: every
 * class-validator DTO property becomes a documented parameter with its type, bounds, pattern, allowed values
 * and rule messages (the same job as the swagger CLI plugin, which this swc build cannot run). Answers and
 * errors are declared on the handlers (@ApiCall).
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  documentValidationRules();
  const config = new DocumentBuilder()
    .setTitle('Business directory api')
    .setDescription(
      'Public reads (cached, with ETag and Cache-Control), the contact form, and the administrator calls ' +
        `(session cookie \`${SESSION_COOKIE}\` from POST /api/admin/login; writes must come from this site). ` +
        'Every error is JSON {statusCode, message, error}; a bad parameter answers 400 naming the parameter and its rule.',
    )
    .setVersion('1')
    // Each admin call names the session (and /metrics the token) through its @Authenticated() rule.
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SESSION_SCHEME)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' }, METRICS_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      operation.tags ??= [];
      if (!operation.tags.length) operation.tags.push(tagOf(path));
    }
  }
  return document;
}

export function setupApiDocs(app: INestApplication): void {
  const document = buildApiDocument(app);
  SwaggerModule.setup(API_DOCS_PATH, app, document, {
    jsonDocumentUrl: API_DOCS_JSON_PATH,
    yamlDocumentUrl: 'api/docs/openapi.yaml',
    customSiteTitle: 'Business directory api',
  });
}

function tagOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'api') return parts[0] === 'health' || parts[0] === 'metrics' ? 'operations' : 'public files';
  return parts[1] === 'admin' ? `admin ${parts[2] ?? ''}`.trim() : parts[1];
}

type Class = abstract new (...args: never[]) => unknown;

interface RuleMetadata {
  type: string;
  name?: string;
  target: object;
  propertyName: string;
  constraints?: unknown[];
  message?: unknown;
}

/**
 * Turns every class-validator rule into @ApiProperty metadata on its property (once per class; properties
 * that already carry an @ApiProperty keep it).
 */
function documentValidationRules(): void {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<object, RuleMetadata[]> | RuleMetadata[];
  };
  const all = storage.validationMetadatas;
  const lists = all instanceof Map ? [...all.values()] : [all];
  const byClass = new Map<Class, Map<string, RuleMetadata[]>>();
  for (const rule of lists.flat()) {
    if (typeof rule.target !== 'function') continue;
    const properties = byClass.get(rule.target as Class) ?? new Map<string, RuleMetadata[]>();
    properties.set(rule.propertyName, [...(properties.get(rule.propertyName) ?? []), rule]);
    byClass.set(rule.target as Class, properties);
  }
  for (const [cls, properties] of byClass) {
    if (documented.has(cls)) continue;
    documented.add(cls);
    const defaults = instanceOf(cls);
    for (const [property, rules] of properties) {
      if (Reflect.hasMetadata('swagger/apiModelProperties', cls.prototype, property)) continue;
      ApiProperty(propertyOptions(rules, defaults?.[property]))(cls.prototype as object, property);
    }
  }
}

const documented = new WeakSet<Class>();

function instanceOf(cls: Class): Record<string, unknown> | null {
  try {
    return new (cls as new () => Record<string, unknown>)();
  } catch {
    return null;
  }
}

function propertyOptions(rules: RuleMetadata[], defaultValue: unknown): Record<string, unknown> {
  const options: Record<string, unknown> = { required: !rules.some((r) => r.name === 'isOptional') };
  const messages = new Set<string>();
  for (const rule of rules) {
    const [a, b] = rule.constraints ?? [];
    switch (rule.name) {
      case 'isInt':
        options.type = 'integer';
        break;
      case 'isNumber':
        options.type = 'number';
        break;
      case 'isBoolean':
        options.type = 'boolean';
        break;
      case 'isString':
        options.type ??= 'string';
        break;
      case 'isEmail':
        Object.assign(options, { type: 'string', format: 'email' });
        break;
      case 'isUrl':
        Object.assign(options, { type: 'string', format: 'uri' });
        break;
      case 'min':
        options.minimum = a;
        break;
      case 'max':
        options.maximum = a;
        break;
      case 'minLength':
        options.minLength = a;
        break;
      case 'maxLength':
        options.maxLength = a;
        options.type ??= 'string';
        break;
      case 'length':
        Object.assign(options, { minLength: a, maxLength: b, type: 'string' });
        break;
      case 'matches':
        Object.assign(options, { type: 'string', pattern: a instanceof RegExp ? a.source : String(a) });
        break;
      case 'isIn':
        options.enum = a as unknown[];
        if (!options.type && Array.isArray(a) && a.length)
          options.type = typeof a[0] === 'number' ? 'number' : typeof a[0];
        break;
      case 'isArray':
        options.isArray = true;
        break;
    }
    if (typeof rule.message === 'string') messages.add(rule.message);
  }
  options.type ??= 'string';
  if (defaultValue !== undefined) options.default = defaultValue;
  if (messages.size) options.description = [...messages].join('; ');
  return options;
}

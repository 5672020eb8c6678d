import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, type ApiResponseOptions } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { ErrorBody } from './schemas.js';

const ERRORS: Record<number, string> = {
  400: 'A parameter or a body field broke its rule; `message` names each one and the rule',
  401: 'Sign in as an administrator to use this call',
  403: 'A write that a browser says came from another site',
  404: 'Nothing has this address; `message` says what was looked for',
  409: 'The thing is not in a state that allows this',
  413: 'The body or file is too large',
  415: 'The body or file type is not accepted; `message` says which one is',
  422: 'The file was refused; `message` says why',
  429: 'Too many attempts; `message` says how long to wait',
  500: 'The work failed; `message` says why',
  503: 'A dependency (job queue, search engine) is unreachable; try again shortly',
};

/** Documents the error answers a call can give, each with the common error body. */
export function ApiErrors(...codes: number[]) {
  return applyDecorators(
    ...codes.map((status) => ApiResponse({ status, description: ERRORS[status], schema: ErrorBody })),
  );
}

/**
 * One line per call: what it does, its answer (status 200 unless given) and its errors. Admin calls get
 * the session requirement and the 401 in the document from their @Authenticated() rule.
 */
export function ApiCall(
  summary: string,
  answer:
    | SchemaObject
    | { status: number; schema?: SchemaObject; description?: string; content?: ApiResponseOptions['content'] },
  ...errors: number[]
) {
  const ok =
    'status' in answer && typeof answer.status === 'number'
      ? ApiResponse({
          status: answer.status,
          description: answer.description ?? 'Success',
          ...(answer.schema ? { schema: answer.schema } : {}),
          ...(answer.content ? { content: answer.content } : {}),
        })
      : ApiOkResponse({ description: 'Success', schema: answer as SchemaObject });
  return applyDecorators(ApiOperation({ summary }), ok, ApiErrors(...errors));
}

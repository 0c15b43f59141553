import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldErrorCodes } from '@forum/contracts';
import type { FieldError, FieldErrorCode } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { controlCharacterErrors } from './text';

/** Turns zod issues into the API's field errors; messages are filled in per language by the error filter. */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue): FieldError[] => {
    const field = issue.path.join('.') || '(body)';
    switch (issue.code) {
      case 'unrecognized_keys':
        return issue.keys.map((key) => ({
          field: [...issue.path, key].join('.'),
          code: 'validation.unknown_field',
          message: '',
        }));
      case 'invalid_type':
        return [
          issue.input === undefined || issue.input === null
            ? { field, code: 'validation.required', message: '' }
            : { field, code: 'validation.invalid_type', message: '', params: { expected: issue.expected } },
        ];
      case 'too_small': {
        const min = Number(issue.minimum);
        if (issue.origin === 'string') {
          const code: FieldErrorCode = min <= 1 && issue.input === '' ? 'validation.required' : 'validation.too_short';
          return [{ field, code, message: '', params: { min } }];
        }
        if (issue.origin === 'array' && min <= 1) return [{ field, code: 'validation.required', message: '' }];
        return [{ field, code: 'validation.too_small', message: '', params: { min } }];
      }
      case 'too_big': {
        const max = Number(issue.maximum);
        const code: FieldErrorCode = issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big';
        return [{ field, code, message: '', params: { max } }];
      }
      case 'invalid_format':
        return [{ field, code: 'validation.invalid_format', message: '' }];
      case 'invalid_value':
        return [{ field, code: 'validation.invalid_value', message: '' }];
      case 'custom': {
        // `.refine(check, { params: { code: 'validation.mismatch' } })` names its own field code; its other string
        // and number params go to the message.
        const { code, ...rest } = (issue.params ?? {}) as { code?: FieldErrorCode } & Record<string, unknown>;
        const params = Object.fromEntries(
          Object.entries(rest).filter((entry): entry is [string, string | number] =>
            ['string', 'number'].includes(typeof entry[1]),
          ),
        );
        return [
          {
            field,
            code: code && fieldErrorCodes.includes(code) ? code : 'validation.invalid',
            message: '',
            ...(Object.keys(params).length > 0 ? { params } : {}),
          },
        ];
      }
      default:
        return [{ field, code: 'validation.invalid', message: '' }];
    }
  });
}

export function validate<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  // The input is reported only to tell "missing" from "wrong type"; it never goes into the response.
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw new DomainError('common.validation_failed', {}, fieldErrorsOf(parsed.error));
}

/** `validate`, after the rule for the characters of all text (`text.ts`), which every field of a request obeys. */
export function validateText<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const refused = controlCharacterErrors(input);
  if (refused.length > 0) throw new DomainError('common.validation_failed', {}, refused);
  return validate(schema, input);
}

/**
 * What the catch-all body parser (`bootstrap.ts`) leaves for a content type other than JSON, form-urlencoded and
 * multipart: it is read (within the body limit) and dropped, and `ValidBody` refuses it.
 */
export const UNREAD_BODY: object = Object.freeze(Object.create(null) as object);

const refusedBody = (error: Omit<FieldError, 'field' | 'message'>) =>
  new DomainError('common.validation_failed', {}, [{ field: '(body)', message: '', ...error }]);

/**
 * The body a `ValidBody` route reads: a JSON or form object (a JSON array only where the schema is an array).
 * No body at all reads as an empty form, as the member site sends a write without fields. `null`, arrays, strings,
 * numbers, booleans, and other content types (text, XML, multipart outside the upload routes) are refused, so that
 * none of them can pass for an empty update.
 */
export function requestBodyOf(request: FastifyRequest, acceptsArray = false): unknown {
  const body: unknown = request.body;
  if (body === UNREAD_BODY || (request.isMultipart?.() ?? false)) {
    throw refusedBody({ code: 'validation.content_type' });
  }
  if (body === undefined) return {};
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  if (acceptsArray ? Array.isArray(body) : isObject) return body;
  throw refusedBody({ code: 'validation.invalid_type', params: { expected: acceptsArray ? 'array' : 'object' } });
}

type ParamTarget = object;

function withDoc(
  paramDecorator: ParameterDecorator,
  doc: (target: ParamTarget, key: string | symbol, descriptor: PropertyDescriptor) => void,
): ParameterDecorator {
  return (target, key, index) => {
    paramDecorator(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor) doc(target, key, descriptor);
  };
}

// The schema travels wrapped, under a key of our own: Nest takes an argument with a `transform` method (as zod
// schemas have) for a pipe, and `{ schema }` for its own Standard Schema options.
type Wrapped = { zod: z.ZodType; acceptsArray?: boolean };

const validatedBody = createParamDecorator(({ zod: schema, acceptsArray }: Wrapped, ctx: ExecutionContext) =>
  validateText(schema, requestBodyOf(ctx.switchToHttp().getRequest<FastifyRequest>(), acceptsArray)),
);

const validatedQuery = createParamDecorator(({ zod: schema }: Wrapped, ctx: ExecutionContext) => {
  // `_t` is the web client's cache-buster on every GET.
  const { _t: _cacheBuster, ...query } = (ctx.switchToHttp().getRequest<FastifyRequest>().query ?? {}) as Record<
    string,
    unknown
  >;
  return validateText(schema, query);
});

/** A response body's OpenAPI description from its zod schema, for `@ApiOkResponse(...)` and its kin. */
export function responseSchema(schema: z.ZodType): { schema: never } {
  return { schema: z.toJSONSchema(schema, { unrepresentable: 'any' }) as never };
}

/** `@ApiOkResponse` with the body described by its zod schema. */
export const ApiOkBody = (schema: z.ZodType) => ApiOkResponse(responseSchema(schema));

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/**
 * The request body (a JSON or form-urlencoded object, see `requestBodyOf`), validated by `schema` after the rule
 * for the characters of text; also documents it in OpenAPI.
 */
export const ValidBody = (schema: z.ZodType): ParameterDecorator => {
  const documented = jsonSchema(schema);
  return withDoc(validatedBody({ zod: schema, acceptsArray: documented.type === 'array' }), (target, key, descriptor) =>
    ApiBody({ schema: documented as never })(target, key, descriptor),
  );
};

/** The query string, validated by `schema`; also documents each parameter in OpenAPI. */
export const ValidQuery = (schema: z.ZodObject): ParameterDecorator =>
  withDoc(validatedQuery({ zod: schema }), (target, key, descriptor) => {
    for (const [name, field] of Object.entries(schema.shape)) {
      ApiQuery({
        name,
        required: !(field as z.ZodType).safeParse(undefined).success,
        schema: jsonSchema(field as z.ZodType) as never,
      })(target, key, descriptor);
    }
  });

/** Form bodies send one value as a string and several as an array. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));
}

/** A whole number from JSON or from a form/query string ("12"), refusing "", "1.5", "1e3". */
export function wholeNumber() {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value),
    z.number().int(),
  );
}

const FORM_TRUE = new Set(['true', '1', 'on']);
const FORM_FALSE = new Set(['false', '0', 'off']);

/** A boolean from JSON or from a form field ("true"/"false", "1"/"0", "on"/"off"); anything else is refused. */
export function formBoolean() {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    if (FORM_TRUE.has(value)) return true;
    if (FORM_FALSE.has(value)) return false;
    return value;
  }, z.boolean());
}

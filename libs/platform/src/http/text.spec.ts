import { z } from 'zod';
import { DomainError } from '@forum/event-store';
import { controlCharacterErrors, forbiddenCharacterIn, singleLine, withoutForbiddenCharacters } from './text';
import { requestBodyOf, UNREAD_BODY, validateText } from './validation';
import type { FastifyRequest } from 'fastify';

const C0_BUT_TAB_LF_CR = [...Array(32).keys()].filter((code) => ![9, 10, 13].includes(code));
const C1 = [...Array(32).keys()].map((offset) => 0x80 + offset);
const char = (code: number) => String.fromCharCode(code);

describe('the rule for the characters of text', () => {
  it('refuses C0 controls but TAB, LF and CR, DEL, C1 controls and lone surrogates in any text', () => {
    for (const code of [...C0_BUT_TAB_LF_CR, 0x7f, ...C1]) {
      expect(forbiddenCharacterIn(`a${char(code)}b`)).toBe(`U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
    }
    expect(forbiddenCharacterIn('half \uD83D of an emoji')).toBe('U+D83D');
    expect(forbiddenCharacterIn('end \uDE00')).toBe('U+DE00');
  });

  it('lets multi-line text keep TAB, LF, CR, separators, bidi marks, emoji and rich HTML', () => {
    for (const text of [
      'line one\r\nline two\n\tindented',
      '<p>Hello <strong>world</strong></p>\n<pre>\tcode</pre>',
      'שלום \u202Bעולם\u202C \u2067x\u2069 \u200F',
      'para\u2029next\u2028line',
      '😀 ok, 中文, ü, \u00A0non-breaking, \u00A0',
      '',
    ]) {
      expect(forbiddenCharacterIn(text)).toBeNull();
    }
  });

  it('also refuses line breaks, tabs, separators and bidi embeddings, overrides and isolates in single-line text', () => {
    for (const code of [0x09, 0x0a, 0x0d, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2069]) {
      expect(forbiddenCharacterIn(`nick${char(code)}name`, 'single-line')).toBe(
        `U+${code.toString(16).toUpperCase().padStart(4, '0')}`,
      );
    }
    expect(forbiddenCharacterIn('nick\u0000', 'single-line')).toBe('U+0000');
    expect(forbiddenCharacterIn('Ann 😀 中文 \u200F', 'single-line')).toBeNull();
  });

  it('cleans text from a third party by the same rule', () => {
    expect(withoutForbiddenCharacters('A\u0000n\u202En\u0007 😀\uD83D', 'single-line')).toBe('Ann 😀');
    expect(withoutForbiddenCharacters('two\nlines\u0000\u202E', 'multi-line')).toBe('two\nlines\u202E');
  });

  it('names every field that breaks it, nested and in lists, keys included', () => {
    expect(
      controlCharacterErrors({
        title: 'fine\n',
        nickname: 'a\u0000b',
        specifications: [{ name: 'ok' }, { name: 'x\u007f' }],
        tags: ['ok', 'bad\u0085'],
        ['key\u0001']: 'value',
        count: 3,
        nothing: null,
      }),
    ).toEqual([
      { field: 'nickname', code: 'validation.control_character', message: '', params: { character: 'U+0000' } },
      {
        field: 'specifications.1.name',
        code: 'validation.control_character',
        message: '',
        params: { character: 'U+007F' },
      },
      { field: 'tags.1', code: 'validation.control_character', message: '', params: { character: 'U+0085' } },
      { field: 'key\u0001', code: 'validation.control_character', message: '', params: { character: 'U+0001' } },
    ]);
    expect(controlCharacterErrors('\u0000')).toEqual([expect.objectContaining({ field: '(body)' })]);
  });

  it('walks a deeply nested body without recursion and stops at 20 errors', () => {
    let deep: unknown = 'x\u0000';
    for (let depth = 0; depth < 100_000; depth++) deep = [deep];
    expect(controlCharacterErrors(deep)).toHaveLength(1);
    expect(controlCharacterErrors(Array(100).fill('\u0000'))).toHaveLength(20);
  });
});

describe('singleLine', () => {
  const schema = z.strictObject({ nickname: singleLine(z.string().trim().min(1).max(15)).optional(), bio: z.string() });

  it('refuses line breaks and bidi controls in the marked field, naming it, and keeps the rest of the schema', () => {
    const errors = (input: unknown) => {
      try {
        validateText(schema, input);
      } catch (error) {
        return (error as DomainError).fieldErrors?.map(({ field, code, params }) => ({ field, code, params }));
      }
      return [];
    };
    expect(errors({ nickname: 'Ann\u202Egnp.exe', bio: 'x' })).toEqual([
      { field: 'nickname', code: 'validation.control_character', params: { character: 'U+202E' } },
    ]);
    expect(errors({ nickname: 'a\nb', bio: 'two\nlines' })).toEqual([
      { field: 'nickname', code: 'validation.control_character', params: { character: 'U+000A' } },
    ]);
    expect(errors({ nickname: 'a\u0000', bio: 'x' })).toEqual([
      { field: 'nickname', code: 'validation.control_character', params: { character: 'U+0000' } },
    ]);
    expect(errors({ nickname: 'x'.repeat(16), bio: 'x' })).toEqual([
      { field: 'nickname', code: 'validation.too_long', params: { max: 15 } },
    ]);
    expect(validateText(schema, { nickname: '  Ann  ', bio: 'two\nlines' })).toEqual({
      nickname: 'Ann',
      bio: 'two\nlines',
    });
    expect(validateText(schema, { bio: '' })).toEqual({ bio: '' });
  });

  it('shows the mark in the JSON schema of the OpenAPI document', () => {
    const json = z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, Record<string, unknown>> };
    expect(json.properties.nickname).toMatchObject({ type: 'string', maxLength: 15, 'x-single-line': true });
    expect(json.properties.bio).not.toHaveProperty('x-single-line');
  });
});

describe('the body a ValidBody route reads', () => {
  const request = (body: unknown, multipart = false) =>
    ({ body, isMultipart: () => multipart }) as unknown as FastifyRequest;
  const refusal = (body: unknown, multipart = false, acceptsArray = false) => {
    try {
      requestBodyOf(request(body, multipart), acceptsArray);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      const { code, fieldErrors } = error as DomainError;
      return [code, fieldErrors?.map(({ field, code: fieldCode, params }) => ({ field, code: fieldCode, params }))];
    }
    return 'accepted';
  };

  it('is a JSON or form object; no body at all is an empty form', () => {
    expect(requestBodyOf(request({ a: 1 }))).toEqual({ a: 1 });
    expect(requestBodyOf(request(Object.assign(Object.create(null) as object, { a: '1' })))).toEqual({ a: '1' });
    expect(requestBodyOf(request(undefined))).toEqual({});
  });

  it('refuses null, arrays, strings, numbers and booleans, so none passes for an empty update', () => {
    for (const body of [null, [], [{}], 'x', '', 1, 0, true, false]) {
      expect(refusal(body)).toEqual([
        'common.validation_failed',
        [{ field: '(body)', code: 'validation.invalid_type', params: { expected: 'object' } }],
      ]);
    }
  });

  it('takes an array only where the schema is one', () => {
    expect(requestBodyOf(request([1, 2]), true)).toEqual([1, 2]);
    expect(refusal({}, false, true)).toEqual([
      'common.validation_failed',
      [{ field: '(body)', code: 'validation.invalid_type', params: { expected: 'array' } }],
    ]);
  });

  it('refuses other content types and multipart bodies', () => {
    for (const [body, multipart] of [
      [UNREAD_BODY, false],
      [undefined, true],
    ] as const) {
      expect(refusal(body, multipart)).toEqual([
        'common.validation_failed',
        [{ field: '(body)', code: 'validation.content_type', params: undefined }],
      ]);
    }
  });
});

import { z } from 'zod';
import { DomainError } from '@forum/event-store';
import { formBoolean, listOf, validate, wholeNumber } from './validation';

const schema = z.strictObject({
  title: z.string().trim().min(1).max(5),
  count: wholeNumber().pipe(z.number().min(1)).optional(),
  tags: listOf(z.string()).optional(),
});

function fieldErrors(input: unknown) {
  try {
    validate(schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).fieldErrors?.map(({ field, code, params }) => ({ field, code, params }));
  }
  throw new Error('expected a validation error');
}

describe('request validation', () => {
  it('names each bad field with a stable code', () => {
    expect(fieldErrors({})).toEqual([{ field: 'title', code: 'validation.required', params: undefined }]);
    expect(fieldErrors({ title: '' })).toEqual([{ field: 'title', code: 'validation.required', params: { min: 1 } }]);
    expect(fieldErrors({ title: 'toolong' })).toEqual([
      { field: 'title', code: 'validation.too_long', params: { max: 5 } },
    ]);
    expect(fieldErrors({ title: 42 })).toEqual([
      { field: 'title', code: 'validation.invalid_type', params: { expected: 'string' } },
    ]);
    expect(fieldErrors({ title: 'ok', admin: true })).toEqual([
      { field: 'admin', code: 'validation.unknown_field', params: undefined },
    ]);
  });

  it('reads form values: numbers from digits only, one value as a list', () => {
    expect(validate(schema, { title: 'ok', count: '12', tags: 'x' })).toEqual({ title: 'ok', count: 12, tags: ['x'] });
    expect(fieldErrors({ title: 'ok', count: '1.5' })?.[0]?.code).toBe('validation.invalid_type');
    expect(fieldErrors({ title: 'ok', count: '' })?.[0]?.code).toBe('validation.invalid_type');
  });
});

describe('formBoolean', () => {
  it('reads the booleans a form sends and refuses anything else', () => {
    const flag = formBoolean();
    expect(['true', '1', 'on', true].map((value) => flag.parse(value))).toEqual([true, true, true, true]);
    expect(['false', '0', 'off', false].map((value) => flag.parse(value))).toEqual([false, false, false, false]);
    expect(flag.safeParse('yes').success).toBe(false);
    expect(flag.safeParse(1).success).toBe(false);
  });
});

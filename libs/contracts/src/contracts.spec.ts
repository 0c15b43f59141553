import { z } from 'zod';
import { defineEvent, eventNameProblem, registeredEventTypes, upcast } from './event-contract';
import { errorMessages, errorStatus, fieldErrorCodes, languageOf, translateError } from './index';
import { newId, streamCategory, streamId } from './ids';

describe('event contracts', () => {
  it('loads every context contract, which fails on a duplicate name', () => {
    expect(registeredEventTypes()).toContain('TopicPosted');
    expect(new Set(registeredEventTypes()).size).toBe(registeredEventTypes().length);
  });

  it('refuses a second contract with a name already taken', () => {
    expect(() => defineEvent({ type: 'TopicPosted', context: 'x', aggregate: 'y', schema: z.object({}) })).toThrow(
      /defined twice/,
    );
  });

  it.each(['TopicPosted', 'EnvelopeSent', 'PhoneBound', 'MemberLoggedIn', 'FundsFrozen'])('accepts %s', (name) => {
    expect(eventNameProblem(name)).toBeNull();
  });

  it.each(['PostTopic', 'topicPosted', 'Topic_Posted', 'TopicPost'])('refuses %s', (name) => {
    expect(eventNameProblem(name)).not.toBeNull();
  });

  it('upcasts an old payload through each version and validates it', () => {
    defineEvent({
      type: 'SampleRenamed',
      context: 'test',
      aggregate: 'sample',
      schemaVersion: 3,
      schema: z.object({ title: z.string(), tags: z.array(z.string()) }),
      upcasters: {
        1: (data) => ({ title: (data as { name: string }).name }),
        2: (data) => ({ ...(data as object), tags: [] }),
      },
    });
    expect(upcast('SampleRenamed', 1, { name: 'old' })).toEqual({ schemaVersion: 3, data: { title: 'old', tags: [] } });
  });

  it('refuses a contract whose upcaster chain has a hole', () => {
    expect(() =>
      defineEvent({ type: 'SampleMoved', context: 't', aggregate: 's', schemaVersion: 2, schema: z.object({}) }),
    ).toThrow(/lacks an upcaster from schema version 1/);
  });
});

describe('error codes', () => {
  it('has a message in both languages for every code, with the same keys', () => {
    const codes = [...Object.keys(errorStatus), ...fieldErrorCodes].sort();
    expect(Object.keys(errorMessages.zh).sort()).toEqual(codes);
    expect(Object.keys(errorMessages.en).sort()).toEqual(codes);
  });

  it('fills parameters and picks the language like the client does', () => {
    expect(translateError('validation.too_long', languageOf('zh-CN,zh;q=0.9'), { max: 150 })).toBe('最多 150 个字符。');
    expect(translateError('validation.too_long', languageOf('en-US'), { max: 150 })).toBe('At most 150 characters.');
    expect(languageOf(undefined)).toBe('en');
  });
});

describe('ids', () => {
  it('creates time-ordered unique ids', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('builds and splits stream ids', () => {
    const id = streamId('topic', 'abc-def');
    expect(id).toBe('topic-abc-def');
    expect(streamCategory(id)).toBe('topic');
    expect(() => streamId('red-envelope', 'x')).toThrow();
  });
});

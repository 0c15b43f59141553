import { z } from 'zod';

/** One published event type: its name, where it belongs, its payload schema and how old payloads are upgraded. */
export interface EventContract<TType extends string = string, TData = unknown> {
  type: TType;
  context: string;
  aggregate: string;
  schemaVersion: number;
  schema: z.ZodType<TData>;
  /** `upcasters[n]` turns a payload of schema version n into version n + 1. */
  upcasters: Record<number, (data: unknown) => unknown>;
}

export type EventOf<C> = C extends EventContract<infer T, infer D> ? { type: T; data: D } : never;

const registry = new Map<string, EventContract>();

const PASCAL_CASE = /^(?:[A-Z][a-z0-9]*)+$/;
const IRREGULAR_PARTICIPLES = new Set([
  'Bound',
  'Built',
  'Chosen',
  'Cut',
  'Done',
  'Found',
  'Frozen',
  'Given',
  'Held',
  'Hidden',
  'Kept',
  'Left',
  'Lost',
  'Made',
  'Paid',
  'Put',
  'Read',
  'Rebuilt',
  'Sent',
  'Set',
  'Shown',
  'Sold',
  'Spent',
  'Taken',
  'Told',
  'Undone',
  'Withdrawn',
  'Won',
  'Written',
]);

/** Event names are PascalCase facts: some word after the first is a past participle (`TopicPosted`, `PhoneBound`). */
export function eventNameProblem(type: string): string | null {
  if (!PASCAL_CASE.test(type)) return `"${type}" is not PascalCase`;
  const words = type.match(/[A-Z][a-z0-9]*/g) ?? [];
  const pastTense = words.slice(1).some((word) => word.endsWith('ed') || IRREGULAR_PARTICIPLES.has(word));
  return pastTense ? null : `"${type}" is not in the past tense`;
}

export function defineEvent<const TType extends string, TSchema extends z.ZodType>(definition: {
  type: TType;
  context: string;
  aggregate: string;
  schema: TSchema;
  schemaVersion?: number;
  upcasters?: Record<number, (data: unknown) => unknown>;
}): EventContract<TType, z.infer<TSchema>> {
  const problem = eventNameProblem(definition.type);
  if (problem) throw new Error(`event contract: ${problem}`);
  if (registry.has(definition.type)) throw new Error(`event contract: "${definition.type}" is defined twice`);
  const contract = {
    schemaVersion: 1,
    upcasters: {},
    ...definition,
  } as EventContract<TType, z.infer<TSchema>>;
  for (let version = 1; version < contract.schemaVersion; version++) {
    if (!contract.upcasters[version]) {
      throw new Error(`event contract: "${definition.type}" lacks an upcaster from schema version ${version}`);
    }
  }
  registry.set(definition.type, contract as EventContract);
  return contract;
}

export function eventContract(type: string): EventContract | undefined {
  return registry.get(type);
}

export function registeredEventTypes(): string[] {
  return [...registry.keys()];
}

/** Brings a stored payload up to the contract's current schema version, then validates it. */
export function upcast(type: string, schemaVersion: number, data: unknown): { schemaVersion: number; data: unknown } {
  const contract = registry.get(type);
  if (!contract) return { schemaVersion, data };
  let current = data;
  for (let version = schemaVersion; version < contract.schemaVersion; version++) {
    current = contract.upcasters[version]!(current);
  }
  return { schemaVersion: contract.schemaVersion, data: contract.schema.parse(current) };
}

import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { PermissionChecker } from '@forum/platform';
import { eventually, staffAccount, startTestApp } from '@forum/testing';
import type { TestApp, TestAppOptions, TestClient } from '@forum/testing';
import { ALL_CONTEXTS } from '../../services/all-in-one/src/contexts';
import { RegisterMemberCommand } from '../../services/identity/src/accounts/commands';
import { ForumModule } from '../../services/forum/src/forum.module';
import { QaModule } from '../../services/qa/src/qa.module';
import { MessagingModule } from '../../services/messaging/src/messaging.module';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const WRITE_METHODS: readonly Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
}

export interface Operation {
  parameters?: { name: string; in: 'query' | 'path' | 'header'; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  'x-public'?: boolean;
  'x-staff-only'?: boolean;
  'x-skip-csrf'?: boolean;
  'x-required-permission'?: string;
}

export interface Route {
  method: Method;
  path: string;
  operation: Operation;
}

/** `GET /api/x/{id}` */
export const nameOf = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** A concrete URL: path parameters become a well-formed id that names nothing (or the given values). */
export function urlOf(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? 'x0000000000000000000000'),
  );
}

/** A staff permission makes a route staff-only too (`@RequiresPermission`), so one mark covers both. */
export const isStaffRoute = (route: Route) => Boolean(route.operation['x-staff-only']);

/** Every route of the whole product, from its OpenAPI document. */
export async function routesOf(t: TestApp): Promise<Route[]> {
  const document = await t.client.get<{ paths: Record<string, Record<string, Operation>> }>('/api/docs/json');
  return Object.entries(document.body.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      operation,
    })),
  );
}

export function jsonBodySchema(route: Route): JsonSchema | null {
  return route.operation.requestBody?.content?.['application/json']?.schema ?? null;
}

const system = (): CommandMetadata => ({
  actor: { kind: 'system', id: null, ip: '127.0.0.1' },
  now: new Date(),
  correlationId: newId(),
});

export interface SecurityApp {
  t: TestApp;
  /** An administrator (every staff permission), known to every context. */
  staffId: string;
  staff: TestClient;
  /** A real member, registered through identity, whose default role reached the forum, Q&A and messaging. */
  member(account: string): Promise<string>;
  /** How many commits every context has written: a refused request must not change it. */
  commits(): Promise<number>;
}

const CONTEXT_DATABASES = ['identity', 'forum', 'moderation', 'wallet', 'messaging', 'qa', 'search', 'assistant'];

/** The all-in-one product (every context) in one test app, as the security suite attacks it. */
export async function startSecurityApp(options: TestAppOptions = {}): Promise<SecurityApp> {
  const t = await startTestApp(ALL_CONTEXTS, options);
  const staffId = await staffAccount(t.app, `sec_admin_${Date.now().toString(36)}`, {
    contexts: ALL_CONTEXTS,
    permission: 'settings.edit',
  });
  return {
    t,
    staffId,
    staff: t.client.as(staffId, 'staff'),
    async member(account) {
      const password = 'member-password';
      const registered = await t.app
        .get(CommandBus)
        .execute(
          new RegisterMemberCommand(
            { account, nickname: account, password, confirmPassword: password, agreeTerms: true },
            system(),
            'member',
            true,
          ),
        );
      const memberId = (registered as { systemUser: { id: string } }).systemUser.id;
      for (const [context, permission] of [
        [ForumModule, 'comment.post'],
        [QaModule, 'question.ask'],
        [MessagingModule, 'privateMessage'],
      ] as const) {
        const checker = t.app.select(context).get(PermissionChecker);
        await eventually(async () =>
          expect(await checker.can({ kind: 'member', id: memberId }, permission)).toBe(true),
        );
      }
      return memberId;
    },
    async commits() {
      const counts = await Promise.all(
        CONTEXT_DATABASES.map((context) => t.db(context).collection('commits').countDocuments()),
      );
      return counts.reduce((sum, count) => sum + count, 0);
    },
  };
}

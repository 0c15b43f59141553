import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Type } from '@nestjs/common';
import ts from 'typescript';
import { ALL_CONTEXTS } from './contexts';

/**
 * ADR 0041: a write endpoint (POST, PUT, PATCH, DELETE) builds a command and executes it on the CommandBus; the
 * command's handler does the work. Read from the source, not the running app: a controller's constructor says what
 * it holds, and its write methods may use the bus and nothing else it holds. Cheap (no app start), and it names the
 * method that strays.
 */

const root = join(__dirname, '..', '..', '..');
const WRITE_VERBS = new Set(['Post', 'Put', 'Patch', 'Delete']);

/**
 * Write routes that are not commands, each with why. Keyed `<path>#<Class>.<method>`. A route listed here that no
 * longer strays fails the spec too, so the list only shrinks.
 */
const EXCEPTIONS: Record<string, string> = {
  'libs/platform/src/peers/peer.controller.ts#PeerController.run':
    'the peer transport itself (ADR 0040): it hands a typed peer command to the handler its owner registered',
  'services/forum/src/content/markdown-preview.controller.ts#MarkdownPreviewController.preview':
    'renders the posted Markdown and answers it; writes nothing',
  'services/wallet/src/audit/audit.controller.ts#AuditController.audit':
    'replays the ledgers and answers the report (the same as `npm run audit:ledgers`); writes nothing',
  'services/search/src/query/search.controller.ts#SearchController.reload':
    "reloads this replica's in-memory index from its read model; no event, nothing stored",
  'services/forum/src/uploads/uploads.controller.ts#UploadsController.image':
    'streams a multipart upload into the file store (content-addressed); no event, no decider',
  'services/forum/src/uploads/uploads.controller.ts#UploadsController.video':
    'streams a multipart upload into the file store and queues its transcoding; no event, no decider',
  'services/moderation/src/reports/reports.controller.ts#ReportsController.image':
    'streams a multipart upload into the report images folder; the report that cites it is a command',
  'services/identity/src/profile/profile.controller.ts#ProfileController.changeAvatar':
    'reads the multipart upload (its size limit from the settings) in the request, then sends ChangeAvatarCommand',
  'services/assistant/src/conversations/conversations.controller.ts#ConversationsController.ask':
    'AskAssistantCommand stores the question; the answer then streams (server-sent events) as the provider writes it',
  'services/identity/src/oauth/sandbox/sandbox.controller.ts#SandboxController.approve':
    "the sandbox OAuth provider's consent page: it stands in for an outside party, not the forum",
  'services/identity/src/oauth/sandbox/sandbox.controller.ts#SandboxController.token':
    "the sandbox OAuth provider's token endpoint: it stands in for an outside party, not the forum",
  'services/wallet/src/payments/sandbox/sandbox.controller.ts#SandboxController.decide':
    "the sandbox payment gateway's checkout page: it stands in for an outside party, not the forum",
};

interface Stray {
  route: string;
  problem: string;
}

/** `@nestjs/cqrs` keeps the command a handler takes under this key (`COMMAND_HANDLER_METADATA`, not exported). */
const COMMAND_HANDLER_METADATA = '__commandHandler__';

/** `<Controller class>|<its path>` (two contexts have a `ConversationsController`) → the commands it builds. */
const commandsBuilt = new Map<string, Set<string>>();

/** Source files that declare a controller (most are `*.controller.ts`; a few keep one beside their service). */
function controllerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : controllerFiles(path);
    if (!entry.name.endsWith('.ts') || /\.(int-)?spec\.ts$/.test(entry.name)) return [];
    return readFileSync(path, 'utf8').includes('@Controller(') ? [path] : [];
  });
}

function decoratorName(decorator: ts.Decorator): string | undefined {
  const call = decorator.expression;
  if (ts.isCallExpression(call) && ts.isIdentifier(call.expression)) return call.expression.text;
  return undefined;
}

function decorators(node: ts.Node): string[] {
  return (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []).flatMap(
    (decorator) => decoratorName(decorator) ?? [],
  );
}

/** The path given to `@Controller(...)`, as Nest stores it (`/` when none). */
function controllerPath(cls: ts.ClassDeclaration): string {
  for (const decorator of ts.getDecorators(cls) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== 'Controller')
      continue;
    const [path] = call.arguments;
    return path && ts.isStringLiteral(path) ? path.text : '/';
  }
  return '/';
}

/** Constructor parameters held as fields: name → type as written. */
function heldFields(cls: ts.ClassDeclaration, source: ts.SourceFile): Map<string, string> {
  const held = new Map<string, string>();
  const ctor = cls.members.find(ts.isConstructorDeclaration);
  for (const param of ctor?.parameters ?? []) {
    if (!ts.isIdentifier(param.name)) continue;
    const isField = (ts.getModifiers(param) ?? []).some(
      (modifier) =>
        modifier.kind === ts.SyntaxKind.PrivateKeyword ||
        modifier.kind === ts.SyntaxKind.ProtectedKeyword ||
        modifier.kind === ts.SyntaxKind.PublicKeyword ||
        modifier.kind === ts.SyntaxKind.ReadonlyKeyword,
    );
    if (isField) held.set(param.name.text, param.type?.getText(source) ?? '');
  }
  return held;
}

/** `this.<field>` uses in a method body, and whether one of them is `this.<bus>.execute(...)`. */
function usesOf(body: ts.Node, held: Map<string, string>): { fields: Set<string>; executes: boolean } {
  const fields = new Set<string>();
  let executes = false;
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAccessExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ThisKeyword &&
      held.has(node.name.text)
    ) {
      fields.add(node.name.text);
      const parent = node.parent;
      if (
        held.get(node.name.text) === 'CommandBus' &&
        ts.isPropertyAccessExpression(parent) &&
        parent.name.text === 'execute' &&
        ts.isCallExpression(parent.parent)
      )
        executes = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return { fields, executes };
}

function straysIn(path: string): Stray[] {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
  const file = relative(root, path);
  const strays: Stray[] = [];
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name) continue;
    if (!decorators(statement).includes('Controller')) continue;
    const held = heldFields(statement, source);
    const built = new Set<string>();
    const collect = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text.endsWith('Command'))
        built.add(node.expression.text);
      ts.forEachChild(node, collect);
    };
    collect(statement);
    commandsBuilt.set(`${statement.name.text}|${controllerPath(statement)}`, built);
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || !member.body || !ts.isIdentifier(member.name)) continue;
      if (!decorators(member).some((name) => WRITE_VERBS.has(name))) continue;
      const route = `${file}#${statement.name.text}.${member.name.text}`;
      const { fields, executes } = usesOf(member.body, held);
      const others = [...fields].filter((field) => held.get(field) !== 'CommandBus');
      if (!executes) strays.push({ route, problem: 'does not execute a command on the CommandBus' });
      else if (others.length > 0) strays.push({ route, problem: `also calls ${others.join(', ')}` });
    }
  }
  return strays;
}

describe('the one command path (ADR 0041)', () => {
  const files = ['services', 'libs'].flatMap((dir) => controllerFiles(join(root, dir)));
  const strays = files.flatMap(straysIn);

  it('finds the controllers', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it('sends every write route through the CommandBus, or lists why not', () => {
    const unexplained = strays.filter((stray) => !(stray.route in EXCEPTIONS));
    expect(unexplained.map(({ route, problem }) => `${route}: ${problem}`)).toEqual([]);
  });

  it('lists no exception that is a command now', () => {
    const straying = new Set(strays.map((stray) => stray.route));
    expect(Object.keys(EXCEPTIONS).filter((route) => !straying.has(route))).toEqual([]);
  });

  /**
   * The other half: a command whose handler is not among the providers of the module that mounts the controller
   * answers 500 "No handler found" (a module staged from before its handlers were listed did exactly that).
   */
  it('registers a handler for every command a mounted controller builds', () => {
    const missing: string[] = [];
    let checked = 0;
    const providersOf = (module: Type): unknown[] => [
      ...((Reflect.getMetadata('providers', module) as unknown[] | undefined) ?? []),
      ...((Reflect.getMetadata('imports', module) as unknown[] | undefined) ?? []).flatMap((imported) =>
        typeof imported === 'function' ? providersOf(imported as Type) : [],
      ),
    ];
    for (const module of ALL_CONTEXTS) {
      const handled = new Set(
        providersOf(module).flatMap((provider) => {
          if (typeof provider !== 'function') return [];
          const command = Reflect.getMetadata(COMMAND_HANDLER_METADATA, provider) as { name: string } | undefined;
          return command ? [command.name] : [];
        }),
      );
      const controllers = (Reflect.getMetadata('controllers', module) as Type[] | undefined) ?? [];
      for (const controller of controllers) {
        const built = commandsBuilt.get(`${controller.name}|${Reflect.getMetadata('path', controller)}`) ?? [];
        for (const command of built) {
          checked++;
          if (!handled.has(command)) missing.push(`${module.name}: ${controller.name} builds ${command}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});

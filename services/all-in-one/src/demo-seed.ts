import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { PostTopicCommand } from '../../forum/src/topics/commands/post-topic.command';
import { GetTopicListQuery } from '../../forum/src/topics/queries/get-topic-list.query';
import { LogInCommand, RegisterMemberCommand } from '../../identity/src/accounts/commands';

export const DEMO_ACCOUNTS = {
  staff: { account: 'admin', password: 'admin123456', nickname: '管理员' },
  member: { account: 'demo', password: 'demo123456', nickname: '演示用户' },
};

const DEMO_TOPICS = [
  {
    title: '欢迎来到社区 · Welcome to the community',
    content: 'Say hello, ask questions, share what you build.',
    tagIds: ['announcements'],
  },
  {
    title: 'How the forum keeps every fen right',
    content: 'Every movement of money is an event; an audit replays them all.',
    tagIds: ['about'],
  },
  { title: '新手指南：如何发帖', content: '点击“发表话题”，填写标题与内容，选择标签即可。', tagIds: ['help'] },
];

/**
 * Fills an empty site with demo accounts and content through the real command path (events, Kafka,
 * projections). Runs once: a site that has topics is left alone.
 */
export async function seedDemo(app: NestFastifyApplication): Promise<{ seeded: boolean }> {
  const existing = await app.get(QueryBus).execute(new GetTopicListQuery({ page: 1, pageSize: 1 }));
  if (existing.total > 0) return { seeded: false };
  const commands = app.get(CommandBus);
  await ensureAccount(commands, 'staff');
  const memberId = await ensureAccount(commands, 'member');
  for (const topic of DEMO_TOPICS) {
    const meta = systemMeta({ kind: 'member', id: memberId });
    await commands.execute(new PostTopicCommand(topic, { ...meta, idempotencyKey: `demo-seed:${topic.title}` }));
  }
  return { seeded: true };
}

/** Registers a demo account, or signs it in when an earlier, interrupted seed already registered it. */
async function ensureAccount(commands: CommandBus, kind: keyof typeof DEMO_ACCOUNTS): Promise<string> {
  const { account, password, nickname } = DEMO_ACCOUNTS[kind];
  try {
    const registered = await commands.execute(
      new RegisterMemberCommand(
        { account, password, confirmPassword: password, nickname, agreeTerms: true },
        systemMeta(),
        kind,
        true,
      ),
    );
    return registered.systemUser.id;
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'identity.account_taken') throw error;
    return (await commands.execute(new LogInCommand({ account, password }, systemMeta()))).systemUser.id;
  }
}

function systemMeta(actor: CommandMetadata['actor'] = { kind: 'system', id: null, ip: '127.0.0.1' }): CommandMetadata {
  return { actor, now: new Date(), correlationId: newId() };
}

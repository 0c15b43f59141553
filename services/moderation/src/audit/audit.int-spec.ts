import type { AuditLogRow, Page } from '@forum/contracts';
import { eventually, startForum, testTag } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';
import type { EventLogEntry, EventLogRow } from './event-log';
import type { StaffJobView } from './staff-jobs';

describe('the staff audit view (ADR 0021) over HTTP', () => {
  let f: ForumFixture;
  let tagId: string;
  const staff = () => f.t.client.as(f.staffId, 'staff');
  const q = (filter: Record<string, unknown>, extra = '') =>
    `filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

  beforeAll(async () => {
    // The wallet answers the ledger audit job (`wallet.auditLedgers`): moderation does not read its database.
    f = await startForum(['wallet']);
    tagId = await testTag(f.t.client, 'Audited');
  }, 240_000);
  afterAll(() => f.t.close());

  it('logs every staff action with its actor, target and before/after, and only staff actions', async () => {
    const member = await f.member('audit_member');
    const topicId = await f.post(member, { title: 'Audit me', content: '<p>x</p>', tagIds: [tagId] });
    expect((await staff().post(`/api/forum/topics/${topicId}/pin`, { weight: 3 })).status).toBe(200);
    expect((await staff().post(`/api/forum/topics/${topicId}/essence`, { essence: true })).status).toBe(200);
    const settings = await staff().request('PATCH', '/api/moderation/settings', { reports: { perMemberPerHour: 7 } });
    expect(settings.status).toBe(200);

    const log = async (filter: Record<string, unknown>, extra = '') =>
      (await staff().get<Page<AuditLogRow>>(`/api/moderation/staff/audit-log?${q(filter, extra)}`)).body;
    await eventually(async () => {
      const forTopic = await log({ targetId: topicId });
      expect(forTopic.items.map((row) => row.action).sort()).toEqual(['TopicEssenceSet', 'TopicPinned'].sort());
    });
    const pinned = (await log({ action: 'TopicPinned', targetId: topicId })).items[0]!;
    expect(pinned).toMatchObject({ actorId: f.staffId, targetKind: 'topic', targetId: topicId, context: 'forum' });
    expect(pinned.actorName).toEqual(expect.any(String));
    // The member's own post is not a staff action.
    expect((await log({ actorId: member })).total).toBe(0);

    await eventually(async () => {
      const changed = (await log({ action: 'SettingsChanged' })).items[0];
      expect(changed?.after).toMatchObject({ reports: { perMemberPerHour: 7 } });
      expect(changed?.before).toHaveProperty('reports');
    });
  });

  it('pages, sorts and filters by time on the server', async () => {
    const all = await staff().get<Page<AuditLogRow>>(`/api/moderation/staff/audit-log?pageSize=2&sort=at:asc`);
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    expect(all.body.items[0]!.at <= all.body.items[1]!.at).toBe(true);
    const future = await staff().get<Page<AuditLogRow>>(
      `/api/moderation/staff/audit-log?${q({ from: new Date(Date.now() + 3_600_000).toISOString() })}`,
    );
    expect(future.body.total).toBe(0);
    const bad = await staff().get(`/api/moderation/staff/audit-log?filter=nope`);
    expect(bad.status).toBe(400);
  });

  it('browses the event store by stream prefix and type, and shows one event with payload and metadata', async () => {
    const list = await staff().get<Page<EventLogRow>>(
      `/api/moderation/staff/events?${q({ context: 'forum', streamPrefix: 'topic-', type: 'TopicPinned' })}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(1);
    expect(list.body.items.every((row) => row.type === 'TopicPinned' && row.streamId.startsWith('topic-'))).toBe(true);
    const one = await staff().get<EventLogEntry>(
      `/api/moderation/staff/events/${encodeURIComponent(list.body.items[0]!.id)}`,
    );
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      type: 'TopicPinned',
      actor: { kind: 'staff', id: f.staffId },
      data: { weight: 3 },
    });
    const members = await staff().get<Page<EventLogRow>>(
      `/api/moderation/staff/events?${q({ context: 'identity' })}&pageSize=1`,
    );
    expect(members.body.items).toHaveLength(1);
    expect(members.body.total).toBeGreaterThan(1);
    const types = await staff().get<{ contexts: string[] }>('/api/moderation/staff/event-types');
    expect(types.body.contexts).toEqual(expect.arrayContaining(['forum', 'identity', 'moderation', 'wallet', 'qa']));
    expect((await staff().get('/api/moderation/staff/events/forum%7Cnope%7C1')).status).toBe(404);
  });

  async function finished(job: StaffJobView): Promise<StaffJobView> {
    let last = job;
    await eventually(
      async () => {
        last = (await staff().get<StaffJobView>(`/api/moderation/staff/jobs/${job.id}`)).body;
        expect(last.status).not.toBe('running');
      },
      { timeoutMs: 60_000 },
    );
    return last;
  }

  it('rebuilds a read model as a job with progress, and records who ran it', async () => {
    const projections = await staff().get<{ name: string }[]>('/api/moderation/staff/projections');
    expect(projections.body.map((p) => p.name)).toContain('moderation-staff-audit');
    const started = await staff().post<StaffJobView>('/api/moderation/staff/jobs/rebuild', {
      projections: ['moderation-staff-audit'],
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: 'rebuild', status: 'running' });
    const done = await finished(started.body);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(done.result).toMatchObject({ rebuilt: [{ name: 'moderation-staff-audit', context: 'moderation' }] });
    // The rebuilt log still holds the staff actions, and the job itself is one of them.
    await eventually(async () => {
      const rows = await staff().get<Page<AuditLogRow>>(
        `/api/moderation/staff/audit-log?${q({ targetId: started.body.id })}`,
      );
      expect(rows.body.items.map((row) => row.action).sort()).toEqual(['StaffJobFinished', 'StaffJobStarted']);
    });
    const unknown = await staff().post<{ code: string }>('/api/moderation/staff/jobs/rebuild', {
      projections: ['nope'],
    });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'moderation.unknown_projection']);
  });

  it('audits the ledgers as a job and answers the report', async () => {
    const started = await staff().post<StaffJobView>('/api/moderation/staff/jobs/ledger-audit');
    expect(started.status).toBe(202);
    const done = await finished(started.body);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, result: { audit: { ok: true } } });
  });

  it('is for staff with the permission only', async () => {
    const member = await f.member('audit_nosy');
    expect((await f.t.client.as(member).get('/api/moderation/staff/audit-log')).status).toBe(403);
    expect((await f.t.client.anonymous().get('/api/moderation/staff/events')).status).toBe(401);
  });
});

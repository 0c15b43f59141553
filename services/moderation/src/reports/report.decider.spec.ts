import type { ReportEvent, ReportedContentEvent } from '@forum/contracts';
import { reportStatusCode } from '@forum/contracts';
import { given } from '@forum/testing';
import { ReportCommand, reportDecider } from './report.decider';
import { reportedContentDecider } from './reported-content.decider';
import { reportTypesDecider } from './report-types.decider';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();

const file: ReportCommand = {
  type: 'FileReport',
  reportId: 'r1',
  reporterId: 'm1',
  kind: 'comment',
  contentId: 'c1',
  typeId: 't1',
  typeName: 'Spam',
  reason: ' ads ',
  imageUrls: ['/api/files/moderation/reports/a.webp'],
  now,
};
const filed: ReportEvent = {
  type: 'ReportFiled',
  data: {
    reportId: 'r1',
    reporterId: 'm1',
    kind: 'comment',
    contentId: 'c1',
    typeId: 't1',
    typeName: 'Spam',
    reason: 'ads',
    imageUrls: ['/api/files/moderation/reports/a.webp'],
    filedAt: at,
  },
};
const resolveAs = (outcome: 'failed' | 'successful', contentAction: 'none' | 'delete' = 'none'): ReportCommand => ({
  type: 'ResolveReport',
  reportId: 'r1',
  outcome,
  result: ' Thanks ',
  remark: ' checked ',
  contentAction,
  by: 's1',
  now,
});
const resolved = (outcome: 'failed' | 'successful', contentAction: 'none' | 'delete' = 'none'): ReportEvent => ({
  type: 'ReportResolved',
  data: {
    reportId: 'r1',
    reporterId: 'm1',
    kind: 'comment',
    contentId: 'c1',
    outcome,
    result: 'Thanks',
    remark: 'checked',
    contentAction,
    by: 's1',
    resolvedAt: at,
  },
});
const deleteBy = (by: string, byStaff: boolean): ReportCommand => ({
  type: 'DeleteReport',
  reportId: 'r1',
  by,
  byStaff,
  now,
});
const deleted = (by: string, byStaff: boolean): ReportEvent => ({
  type: 'ReportDeleted',
  data: { reportId: 'r1', reporterId: 'm1', by, byStaff, deletedAt: at },
});

const failed = resolved('failed');
const successful = resolved('successful', 'delete');

describe('report decider (docs/rules/moderation.md, reports)', () => {
  describe('allowed transitions', () => {
    it('files a report as pending, once (a retry of the same id adds nothing)', () => {
      given(reportDecider).when(file).then([filed]);
      given(reportDecider, [filed]).when(file).then([]);
    });

    it('moves pending to complaint failed, with the trimmed result and remark', () => {
      given(reportDecider, [filed]).when(resolveAs('failed')).then([failed]);
    });

    it('moves pending to complaint successful, with or without deleting the content', () => {
      given(reportDecider, [filed]).when(resolveAs('successful', 'delete')).then([successful]);
      given(reportDecider, [filed])
        .when(resolveAs('successful'))
        .then([resolved('successful')]);
    });

    it.each([
      ['pending', [filed]],
      ['failed', [filed, failed]],
      ['successful', [filed, successful]],
    ] as const)('lets the reporter and staff delete a %s report', (_name, history) => {
      given(reportDecider, [...history])
        .when(deleteBy('m1', false))
        .then([deleted('m1', false)]);
      given(reportDecider, [...history])
        .when(deleteBy('s1', true))
        .then([deleted('s1', true)]);
    });
  });

  describe('refused transitions', () => {
    it('knows nothing of a report never filed', () => {
      given(reportDecider).when(resolveAs('failed')).thenError('moderation.report_not_found');
      given(reportDecider).when(deleteBy('m1', false)).thenError('moderation.report_not_found');
      given(reportDecider).when(deleteBy('s1', true)).thenError('moderation.report_not_found');
    });

    it('resolves only once, never from failed to successful or back', () => {
      for (const history of [
        [filed, failed],
        [filed, successful],
      ]) {
        given(reportDecider, history).when(resolveAs('failed')).thenError('moderation.report_not_pending');
        given(reportDecider, history).when(resolveAs('successful')).thenError('moderation.report_not_pending');
      }
    });

    it('never resolves or deletes again a deleted report', () => {
      for (const history of [
        [filed, deleted('m1', false)],
        [filed, deleted('s1', true)],
        [filed, failed, deleted('m1', false)],
      ]) {
        given(reportDecider, history).when(resolveAs('successful')).thenError('moderation.report_deleted');
        given(reportDecider, history).when(deleteBy('m1', false)).thenError('moderation.report_deleted');
        given(reportDecider, history).when(deleteBy('s1', true)).thenError('moderation.report_deleted');
      }
    });

    it('does not let another member delete the report', () => {
      given(reportDecider, [filed]).when(deleteBy('m2', false)).thenError('moderation.report_not_found');
    });

    it('acts on the content only for a successful complaint', () => {
      given(reportDecider, [filed]).when(resolveAs('failed', 'delete')).thenError('common.validation_failed');
    });
  });

  it('shows the nine status codes: base × deletion mark', () => {
    const codes = (['failed', 'successful', null] as const).flatMap((outcome) =>
      ([null, 'reporter', 'staff'] as const).map((mark) => reportStatusCode(outcome, mark)),
    );
    expect(codes.sort((a, b) => a - b)).toEqual([10, 40, 50, 1010, 1040, 1050, 100010, 100040, 100050]);
  });
});

describe('reported content decider (auto-hide)', () => {
  const count = (reporterId: string, hideAfter = 2) =>
    ({
      type: 'CountReport',
      kind: 'topic',
      contentId: 'p1',
      reporterId,
      reportId: `r-${reporterId}`,
      hideAfter,
      now,
    }) as const;
  const counted = (reporterId: string): ReportedContentEvent => ({
    type: 'ContentReportCounted',
    data: { kind: 'topic', contentId: 'p1', reporterId, reportId: `r-${reporterId}` },
  });
  const hidden: ReportedContentEvent = {
    type: 'ReportedContentHidden',
    data: { kind: 'topic', contentId: 'p1', reporters: 2, at },
  };
  const review = (deletedContent: boolean) =>
    ({ type: 'ReviewContent', kind: 'topic', contentId: 'p1', deleted: deletedContent, now }) as const;

  it('counts distinct reporters and hides the item at the threshold, once', () => {
    given(reportedContentDecider)
      .when(count('m1'))
      .then([counted('m1')]);
    given(reportedContentDecider, [counted('m1')])
      .when(count('m2'))
      .then([counted('m2'), hidden]);
    given(reportedContentDecider, [counted('m1'), counted('m2'), hidden])
      .when(count('m3'))
      .then([counted('m3')]);
  });

  it('never hides when the setting is 0', () => {
    given(reportedContentDecider, [counted('m1')])
      .when(count('m2', 0))
      .then([counted('m2')]);
  });

  it('refuses a second report by the same member before review', () => {
    given(reportedContentDecider, [counted('m1')])
      .when(count('m1'))
      .thenError('moderation.already_reported');
  });

  it('restores a hidden item after review unless staff deleted it; the count starts again', () => {
    const history = [counted('m1'), counted('m2'), hidden];
    given(reportedContentDecider, history)
      .when(review(false))
      .then([{ type: 'ReportedContentReviewed', data: { kind: 'topic', contentId: 'p1', restore: true, at } }]);
    given(reportedContentDecider, history)
      .when(review(true))
      .then([{ type: 'ReportedContentReviewed', data: { kind: 'topic', contentId: 'p1', restore: false, at } }]);
    const reviewed: ReportedContentEvent = {
      type: 'ReportedContentReviewed',
      data: { kind: 'topic', contentId: 'p1', restore: true, at },
    };
    given(reportedContentDecider, [...history, reviewed])
      .when(count('m1'))
      .then([counted('m1')]);
    given(reportedContentDecider).when(review(false)).then([]);
  });
});

describe('report types tree', () => {
  const create = (typeId: string, parentId: string | null, name = typeId) =>
    ({ type: 'CreateReportType', typeId, name, parentId, sort: 0, reasonRequired: false }) as const;
  const created = (typeId: string, parentId: string | null, name = typeId) => ({
    type: 'ReportTypeCreated' as const,
    data: { typeId, name, parentId, sort: 0, reasonRequired: false },
  });

  it('builds a tree and refuses a missing parent, a cycle, a sibling name twice, deleting a parent', () => {
    given(reportTypesDecider)
      .when(create('a', null))
      .then([created('a', null)]);
    given(reportTypesDecider).when(create('b', 'x')).thenError('moderation.report_type_parent_invalid');
    const tree = [created('a', null), created('b', 'a')];
    given(reportTypesDecider, tree)
      .when({ type: 'ChangeReportType', typeId: 'a', parentId: 'b' })
      .thenError('moderation.report_type_parent_invalid');
    given(reportTypesDecider, tree)
      .when(create('c', 'a', 'B'))
      .thenError('moderation.report_type_name_taken');
    given(reportTypesDecider, tree)
      .when({ type: 'DeleteReportType', typeId: 'a' })
      .thenError('moderation.report_type_has_children');
    given(reportTypesDecider, tree)
      .when({ type: 'DeleteReportType', typeId: 'b' })
      .then([{ type: 'ReportTypeDeleted', data: { typeId: 'b' } }]);
  });
});

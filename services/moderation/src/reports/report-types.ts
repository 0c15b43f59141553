import { Inject, Injectable } from '@nestjs/common';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { hasChildren, REPORT_TYPES_STREAM, reportTypesDecider } from './report-types.decider';
import type { ReportTypeNode, ReportTypesCommand, ReportTypesState } from './report-types.decider';
import type { ChangeReportTypeBody, CreateReportTypeBody, ReportTypeRow, ReportTypeView } from './report.schemas';

/**
 * The report types tree, read straight from its one short stream (no projection: staff change it rarely and the
 * store caches the stream), and the staff edits of it.
 */
@Injectable()
export class ReportTypes {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async state(): Promise<ReportTypesState> {
    return fold(reportTypesDecider, (await this.store.readStream(REPORT_TYPES_STREAM)) as never);
  }

  /** The tree as nested nodes, siblings by `sort` then name; members choose a leaf. */
  async tree(): Promise<ReportTypeView[]> {
    const { types } = await this.state();
    const childrenOf = (parentId: string | null): ReportTypeView[] =>
      Object.entries(types)
        .filter(([, node]) => node.parentId === parentId)
        .sort(([, a], [, b]) => a.sort - b.sort || a.name.localeCompare(b.name))
        .map(([id, node]) => ({ id, ...node, children: childrenOf(id) }));
    return childrenOf(null);
  }

  /** The tree flattened for the console: parents above their children, siblings in order. */
  async rows(): Promise<ReportTypeRow[]> {
    const flatten = (nodes: ReportTypeView[], depth: number): ReportTypeRow[] =>
      nodes.flatMap(({ children, ...node }) => [
        { ...node, depth, leaf: children.length === 0 },
        ...flatten(children, depth + 1),
      ]);
    return flatten(await this.tree(), 0);
  }

  /** The leaf type a member chose, or `moderation.report_type_not_found`. */
  async leaf(typeId: string): Promise<ReportTypeNode> {
    const state = await this.state();
    const node = state.types[typeId];
    if (!node || hasChildren(state, typeId)) throw new DomainError('moderation.report_type_not_found');
    return node;
  }

  create(body: CreateReportTypeBody, meta: CommandMetadata): Promise<{ id: string }> {
    const typeId = newId(meta.now.getTime());
    return this.run({ type: 'CreateReportType', typeId, ...body }, meta);
  }

  change(typeId: string, body: ChangeReportTypeBody, meta: CommandMetadata): Promise<{ id: string }> {
    return this.run({ type: 'ChangeReportType', typeId, ...body }, meta);
  }

  remove(typeId: string, meta: CommandMetadata): Promise<{ id: string }> {
    return this.run({ type: 'DeleteReportType', typeId }, meta);
  }

  private async run(command: ReportTypesCommand, meta: CommandMetadata): Promise<{ id: string }> {
    await this.store.handle(reportTypesDecider, REPORT_TYPES_STREAM, command, meta);
    return { id: command.typeId };
  }
}

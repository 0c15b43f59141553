import type { ReportTypeEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export const REPORT_TYPES_STREAM = 'reportTypes-site';

export interface ReportTypeNode {
  name: string;
  parentId: string | null;
  sort: number;
  reasonRequired: boolean;
}

export interface ReportTypesState {
  types: Record<string, ReportTypeNode>;
}

export type ReportTypesCommand =
  | ({ type: 'CreateReportType'; typeId: string } & ReportTypeNode)
  | ({ type: 'ChangeReportType'; typeId: string } & Partial<ReportTypeNode>)
  | { type: 'DeleteReportType'; typeId: string };

function nameTaken(state: ReportTypesState, parentId: string | null, name: string, except?: string): boolean {
  const wanted = name.trim().toLowerCase();
  return Object.entries(state.types).some(
    ([id, type]) => id !== except && type.parentId === parentId && type.name.toLowerCase() === wanted,
  );
}

/** Whether `parentId` may be the parent of `typeId`: it exists and is not `typeId` or below it. */
function parentAllowed(state: ReportTypesState, typeId: string, parentId: string | null): boolean {
  for (let at = parentId, steps = 0; at !== null; steps++) {
    const node = state.types[at];
    if (!node || at === typeId || steps > 1000) return false;
    at = node.parentId;
  }
  return true;
}

export function hasChildren(state: ReportTypesState, typeId: string): boolean {
  return Object.values(state.types).some((type) => type.parentId === typeId);
}

/** The report types tree (docs/rules/moderation.md, reports): members choose a type; some require a reason. */
export const reportTypesDecider: Decider<ReportTypesState, ReportTypesCommand, ReportTypeEvent> = {
  name: 'reportTypes',
  initialState: () => ({ types: {} }),
  evolve(state, event) {
    const types = { ...state.types };
    if (event.type === 'ReportTypeDeleted') delete types[event.data.typeId];
    else {
      const { typeId, ...node } = event.data;
      types[typeId] = node;
    }
    return { types };
  },
  decide(command, state) {
    const { typeId } = command;
    switch (command.type) {
      case 'CreateReportType': {
        if (state.types[typeId]) return [];
        const { type: _type, ...node } = command;
        return [{ type: 'ReportTypeCreated', data: checked(state, { ...node, name: node.name.trim() }) }];
      }
      case 'ChangeReportType': {
        const current = state.types[typeId];
        if (!current) throw new DomainError('moderation.report_type_not_found');
        const next = {
          typeId,
          name: command.name?.trim() ?? current.name,
          parentId: command.parentId === undefined ? current.parentId : command.parentId,
          sort: command.sort ?? current.sort,
          reasonRequired: command.reasonRequired ?? current.reasonRequired,
        };
        return [{ type: 'ReportTypeChanged', data: checked(state, next) }];
      }
      case 'DeleteReportType':
        if (!state.types[typeId]) throw new DomainError('moderation.report_type_not_found');
        if (hasChildren(state, typeId)) throw new DomainError('moderation.report_type_has_children');
        return [{ type: 'ReportTypeDeleted', data: { typeId } }];
    }
  },
};

function checked<T extends ReportTypeNode & { typeId: string }>(state: ReportTypesState, node: T): T {
  if (!parentAllowed(state, node.typeId, node.parentId)) throw new DomainError('moderation.report_type_parent_invalid');
  if (nameTaken(state, node.parentId, node.name, node.typeId))
    throw new DomainError('moderation.report_type_name_taken');
  return node;
}

import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import StorageIcon from '@mui/icons-material/Storage';

export { auditLogApi, eventLogApi, withAudit } from './audit-api';
export { auditEn, auditZh } from './audit.i18n';

/** Every staff action (resource `auditLog`, `audit.read`). */
export const auditLog = {
  list: lazy(() => import('./AuditLogList').then(({ AuditLogList }) => ({ default: AuditLogList }))),
  icon: HistoryIcon,
};

/** The event store browser (resource `eventLog`, `audit.read`). */
export const eventLog = {
  list: lazy(() => import('./EventLogList').then(({ EventLogList }) => ({ default: EventLogList }))),
  show: lazy(() => import('./EventLogList').then(({ EventShow }) => ({ default: EventShow }))),
  icon: StorageIcon,
};

export const OperationsPage = lazy(() =>
  import('./OperationsPage').then(({ OperationsPage }) => ({ default: OperationsPage })),
);

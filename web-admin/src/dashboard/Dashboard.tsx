import { Box, Typography } from '@mui/material';
import ForumIcon from '@mui/icons-material/Forum';
import GroupIcon from '@mui/icons-material/Group';
import OutboxIcon from '@mui/icons-material/Outbox';
import ReportIcon from '@mui/icons-material/Report';
import SpeedIcon from '@mui/icons-material/Speed';
import { Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../providers/data-provider';
import { VisitChart } from '../resources/moderation/VisitChart';
import { FigureCard } from './FigureCard';
import { useLiveFigures } from './use-live-figures';

/** Live figures of the site and of the event pipeline, refreshed every 5 seconds. */
export function Dashboard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const ops = useLiveFigures(['ops-status'], () => dataProvider.opsStatus());
  const stats = useLiveFigures(['forum-stats'], () => dataProvider.forumStats());
  const members = useLiveFigures(['member-stats'], () => dataProvider.memberStats());
  const pendingReports = useLiveFigures(['pending-reports'], async () => {
    const { total } = await dataProvider.getList('reports', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'DESC' },
      filter: { status: 10 },
    });
    return total ?? 0;
  });
  const format = (value: number) => new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US').format(value);
  const unavailable = (error: Error | null) =>
    translate('dashboard.unavailable', { message: error?.message ?? translate('ra.notification.http_error') });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="dashboard.title" />
      <Typography component="h1" variant="h5">
        {translate('dashboard.figures')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('dashboard.refreshed')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))' }}>
        <FigureCard
          label={translate('dashboard.members')}
          icon={<GroupIcon />}
          loading={members.isPending}
          value={members.data && format(members.data.membersTotal)}
          caption={
            members.data && translate('dashboard.members_today', { count: format(members.data.registeredToday) })
          }
          missingReason={unavailable(members.error)}
        />
        <FigureCard
          label={translate('dashboard.posts_today')}
          icon={<ForumIcon />}
          loading={stats.isPending}
          value={stats.data && format(stats.data.topicsToday)}
          caption={
            stats.data &&
            translate('dashboard.posts_total', {
              smart_count: stats.data.topicsTotal,
              count: format(stats.data.topicsTotal),
            })
          }
          missingReason={unavailable(stats.error)}
        />
        <FigureCard
          label={translate('dashboard.pending_reports')}
          icon={<ReportIcon />}
          loading={pendingReports.isPending}
          value={pendingReports.data === undefined ? undefined : format(pendingReports.data)}
          missingReason={unavailable(pendingReports.error)}
        />
        <FigureCard
          label={translate('dashboard.outbox_backlog')}
          icon={<OutboxIcon />}
          loading={ops.isPending}
          value={ops.data && format(ops.data.outboxBacklog)}
          caption={translate('dashboard.outbox_backlog_hint')}
          missingReason={unavailable(ops.error)}
        />
        <FigureCard
          label={translate('dashboard.projector_lag')}
          icon={<SpeedIcon />}
          loading={ops.isPending}
          value={ops.data && format(ops.data.projectorLag)}
          caption={translate('dashboard.projector_lag_hint')}
          missingReason={unavailable(ops.error)}
        />
      </Box>
      <VisitChart />
    </Box>
  );
}

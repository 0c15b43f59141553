import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, LinearProgress, Typography } from '@mui/material';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AuditDataProvider, ProjectionName, StaffJob } from './audit-api';

/** How often a running job is asked for its progress. */
export const POLL_MS = 1000;

/** Polls a job until it ends; the bar shows the server's progress, never a guess. */
function useJob(poll: (id: string) => Promise<StaffJob>, intervalMs: number) {
  const [job, setJob] = useState<StaffJob | null>(null);
  useEffect(() => {
    if (!job || job.status !== 'running') return;
    const timer = setTimeout(() => {
      poll(job.id)
        .then(setJob)
        .catch(() => setJob({ ...job }));
    }, intervalMs);
    return () => clearTimeout(timer);
  }, [job, poll, intervalMs]);
  return [job, setJob] as const;
}

function JobProgress({ job }: { job: StaffJob }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }} aria-live="polite">
      <LinearProgress variant="determinate" value={job.progress} aria-label={translate('operations.progress')} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate(`operations.status.${job.status}`)} · {job.progress}%{job.step ? ` · ${job.step}` : ''}
      </Typography>
      {job.error ? <Typography color="error">{job.error}</Typography> : null}
      {job.result && 'rebuilt' in job.result ? (
        <ul>
          {job.result.rebuilt.map((p) => (
            <li key={`${p.context}/${p.name}`}>
              {translate('operations.rebuilt', { name: `${p.context}/${p.name}`, events: p.events, ms: p.elapsedMs })}
            </li>
          ))}
        </ul>
      ) : null}
      {job.result && 'audit' in job.result ? (
        <Box sx={{ mt: 1 }}>
          <Typography color={job.result.audit.ok ? 'success.main' : 'error'}>
            {job.result.audit.ok
              ? translate('operations.audit_ok', { wallets: job.result.audit.wallets, events: job.result.audit.events })
              : translate('operations.audit_differences', { count: job.result.audit.differences.length })}
          </Typography>
          <ul>
            {job.result.audit.differences.slice(0, 50).map((d, index) => (
              <li key={index}>{`${d.walletId}: ${d.problem} — ${d.detail}`}</li>
            ))}
          </ul>
        </Box>
      ) : null}
    </Box>
  );
}

/** Rebuild read models and audit the ledgers, each a server job with a progress bar. */
export function OperationsPage({ pollMs = POLL_MS }: { pollMs?: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AuditDataProvider & ReturnType<typeof useDataProvider>>();
  const poll = useCallback((id: string) => dataProvider.job(id), [dataProvider]);
  const [projections, setProjections] = useState<ProjectionName[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [rebuild, setRebuild] = useJob(poll, pollMs);
  const [audit, setAudit] = useJob(poll, pollMs);

  useEffect(() => {
    dataProvider
      .projections()
      .then(setProjections)
      .catch((error: Error) => notify(error.message, { type: 'error' }));
  }, [dataProvider, notify]);

  const toggle = (name: string) =>
    setChosen((current) => (current.includes(name) ? current.filter((n) => n !== name) : [...current, name]));
  const start = (run: () => Promise<StaffJob>, set: (job: StaffJob) => void) =>
    run()
      .then(set)
      .catch((error: Error) => notify(error.message, { type: 'error' }));

  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Title title={translate('operations.title')} />
      <Card>
        <CardContent>
          <Typography variant="h6">{translate('operations.rebuild_title')}</Typography>
          <Typography variant="body2">{translate('operations.rebuild_hint')}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
            {projections.map(({ context, name }) => (
              <FormControlLabel
                key={name}
                control={<Checkbox checked={chosen.includes(name)} onChange={() => toggle(name)} />}
                label={`${context}/${name}`}
              />
            ))}
          </Box>
          <Button
            variant="contained"
            disabled={rebuild?.status === 'running'}
            onClick={() => start(() => dataProvider.startRebuild(chosen), setRebuild)}
          >
            {translate(chosen.length > 0 ? 'operations.rebuild_chosen' : 'operations.rebuild_all')}
          </Button>
          {rebuild ? <JobProgress job={rebuild} /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6">{translate('operations.audit_title')}</Typography>
          <Typography variant="body2">{translate('operations.audit_hint')}</Typography>
          <Button
            variant="contained"
            disabled={audit?.status === 'running'}
            onClick={() => start(() => dataProvider.startLedgerAudit(), setAudit)}
          >
            {translate('operations.audit_run')}
          </Button>
          {audit ? <JobProgress job={audit} /> : null}
        </CardContent>
      </Card>
    </Box>
  );
}

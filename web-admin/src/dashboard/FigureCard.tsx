import type { ReactNode } from 'react';
import { useId } from 'react';
import { Card, CardContent, Skeleton, Stack, Tooltip, Typography } from '@mui/material';

export interface FigureCardProps {
  label: string;
  icon: ReactNode;
  /** The figure; `undefined` with `missingReason` shows "—" and the reason as its tooltip. */
  value?: string;
  missingReason?: string;
  caption?: string;
  loading?: boolean;
}

/** One live figure: a labelled region, so that it reads as "Outbox backlog, 0" to assistive technology. */
export function FigureCard({ label, icon, value, missingReason, caption, loading }: FigureCardProps) {
  const labelId = useId();
  return (
    <Card component="section" aria-labelledby={labelId} variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          {icon}
          <Typography id={labelId} component="h2" variant="subtitle1">
            {label}
          </Typography>
        </Stack>
        {loading ? (
          <Skeleton variant="text" sx={{ fontSize: '2.125rem', width: '4ch' }} />
        ) : value !== undefined ? (
          <Typography component="p" variant="h4" data-figure>
            {value}
          </Typography>
        ) : (
          <Tooltip title={missingReason ?? ''} describeChild>
            <Typography component="p" variant="h4" data-figure tabIndex={0} sx={{ width: 'fit-content' }}>
              —
            </Typography>
          </Tooltip>
        )}
        {caption && (
          <Typography variant="body2" color="text.secondary">
            {caption}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

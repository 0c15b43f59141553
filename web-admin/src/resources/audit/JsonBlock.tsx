import { Typography } from '@mui/material';

/** A labelled, read-only JSON view (payloads, before/after). */
export function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2">{label}</Typography>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12, margin: 0 }}>
        {JSON.stringify(value ?? null, null, 2)}
      </pre>
    </div>
  );
}

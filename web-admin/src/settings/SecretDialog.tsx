import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/**
 * A secret that its service keeps to itself: typed into a dialog, written, never read back. `run` sends it (or clears
 * it) and on success empties the field and closes the dialog, then calls `afterSave`; a failure shows in the dialog.
 */
export function useSecret(afterSave?: () => Promise<unknown>) {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      notify(message, { type: 'success' });
      setValue('');
      setOpen(false);
      await afterSave?.();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  };

  return { open, setOpen, value, setValue, error, busy, run };
}

export interface SecretDialogProps {
  secret: ReturnType<typeof useSecret>;
  title: ReactNode;
  /** Translation keys of the field's label and hint. */
  label: string;
  hint: string;
  /** Whether the typed value can be saved. */
  ready: boolean;
  onSave(): void;
}

/** The password field of a write-only secret, with the last failure above it. */
export function SecretDialog({ secret, title, label, hint, ready, onSave }: SecretDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={secret.open} onClose={() => secret.setOpen(false)} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {secret.error && <Alert severity="error">{secret.error}</Alert>}
        <TextField
          type="password"
          autoComplete="off"
          label={translate(label)}
          value={secret.value}
          onChange={(event) => secret.setValue(event.target.value)}
          helperText={translate(hint)}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => secret.setOpen(false)}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!ready || secret.busy} onClick={onSave}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { Identifier } from 'react-admin';
import { revisionText } from './revisions-api';
import type { Revision, RevisionKind, RevisionsDataProvider } from './revisions-api';

/**
 * "History" on a row: the versions of a topic, comment, reply, question or answer, newest first, each with
 * "hide from members" / "show again" (not the current one). Every change is a staff command, in the audit log.
 */
export function RevisionsButton({ kind, id }: { kind: RevisionKind; id: Identifier }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {translate('revisions.open')}
      </Button>
      {open && <RevisionsDialog kind={kind} id={id} onClose={() => setOpen(false)} />}
    </>
  );
}

function RevisionsDialog({ kind, id, onClose }: { kind: RevisionKind; id: Identifier; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const provider = useDataProvider<RevisionsDataProvider & ReturnType<typeof useDataProvider>>();
  const [items, setItems] = useState<Revision[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setItems(await provider.revisions(kind, id));
      setFailed(null);
    } catch (error) {
      setFailed((error as Error).message || translate('ra.notification.http_error'));
    }
  }, [provider, kind, id, translate]);

  useEffect(() => {
    void load();
  }, [load]);

  const toggle = async (item: Revision) => {
    setBusy(true);
    try {
      await provider.setRevisionHidden(kind, id, item.revision, !item.hiddenByStaff);
      notify(item.hiddenByStaff ? 'revisions.shown' : 'revisions.hidden', { type: 'success' });
      await load();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const when = (iso: string) => new Date(iso).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="revisions-title">
      <DialogTitle id="revisions-title">{translate('revisions.title')}</DialogTitle>
      <DialogContent>
        {failed && <Alert severity="error">{failed}</Alert>}
        {!items && !failed && <Typography>{translate('ra.page.loading')}</Typography>}
        {items?.length === 0 && <Typography>{translate('revisions.empty')}</Typography>}
        <Stack spacing={2}>
          {[...(items ?? [])].reverse().map((item) => (
            <section key={item.revision} aria-label={translate('revisions.version', { number: item.number })}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle2">{translate('revisions.version', { number: item.number })}</Typography>
                {item.current && <Chip size="small" color="primary" label={translate('revisions.current')} />}
                {item.hiddenByStaff && <Chip size="small" color="error" label={translate('revisions.hidden_chip')} />}
                <Typography variant="body2" color="text.secondary">
                  {when(item.at)} · {item.by.nickname ?? translate('revisions.someone')}
                </Typography>
                {!item.current && (
                  <Button size="small" disabled={busy} onClick={() => void toggle(item)}>
                    {translate(item.hiddenByStaff ? 'revisions.show' : 'revisions.hide')}
                  </Button>
                )}
              </Stack>
              {item.title !== null && <Typography variant="body1">{item.title}</Typography>}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {item.parts ? revisionText(item.parts, translate('revisions.locked')) : ''}
              </Typography>
            </section>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

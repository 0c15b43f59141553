import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import {
  DataTable,
  DateField,
  DeleteButton,
  FunctionField,
  List,
  SelectInput,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { AdminDataProvider } from '../../providers/data-provider';
import { useStaffCommand } from '../staff-rows';
import { REPORT_KINDS, REPORT_STATUSES } from './moderation-api';
import type { ReportOutcome, ReportRow } from './moderation-api';
import { MemberField } from '../../fields/MemberField';

/** Handle a pending report: the outcome, the result the reporter reads, an internal remark, and for a successful complaint whether to delete the content. */
function HandleReport() {
  const report = useRecordContext<ReportRow>();
  const translate = useTranslate();
  const provider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const { busy, run } = useStaffCommand();
  const [outcome, setOutcome] = useState<ReportOutcome>('successful');
  const [result, setResult] = useState('');
  const [remark, setRemark] = useState('');
  const [deleteContent, setDeleteContent] = useState(true);
  if (!report || report.status !== 10) return null;

  const submit = async () => {
    const contentAction = outcome === 'successful' && deleteContent ? 'delete' : 'none';
    const resolve = () =>
      provider.resolveReport(report.id, { outcome, result: result.trim(), remark: remark.trim(), contentAction });
    if (await run(resolve, 'moderation.reports.resolved')) setOpen(false);
  };

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {translate('moderation.reports.handle')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth>
        <DialogTitle>{translate('moderation.reports.handle_title')}</DialogTitle>
        <DialogContent>
          <RadioGroup
            row
            value={outcome}
            onChange={(event) => setOutcome(event.target.value as ReportOutcome)}
            aria-label={translate('moderation.reports.outcome')}
          >
            <FormControlLabel value="successful" control={<Radio />} label={translate('moderation.status.50')} />
            <FormControlLabel value="failed" control={<Radio />} label={translate('moderation.status.40')} />
          </RadioGroup>
          <TextField
            fullWidth
            required
            margin="dense"
            label={translate('moderation.reports.result')}
            helperText={translate('moderation.reports.result_hint')}
            value={result}
            onChange={(event) => setResult(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <TextField
            fullWidth
            margin="dense"
            label={translate('moderation.reports.remark')}
            helperText={translate('moderation.reports.remark_hint')}
            value={remark}
            onChange={(event) => setRemark(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {outcome === 'successful' && (
            <FormControlLabel
              control={<Switch checked={deleteContent} onChange={(event) => setDeleteContent(event.target.checked)} />}
              label={translate('moderation.reports.delete_content')}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button disabled={busy || result.trim() === ''} onClick={() => void submit()}>
            {translate('moderation.reports.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The report queue: every report by status and kind, newest first; pending ones are handled here. */
export function ReportQueue() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={REPORT_STATUSES.map((status) => ({ id: status, name: translate(`moderation.status.${status}`) }))}
    />,
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      choices={REPORT_KINDS.map((kind) => ({ id: kind, name: translate(`moderation.kind.${kind}`) }))}
    />,
  ];
  return (
    <List exporter={false} filters={filters} filterDefaultValues={{ status: 10 }} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="status" disableSort>
          <FunctionField<ReportRow> render={(row) => translate(`moderation.status.${row.status}`)} />
        </DataTable.Col>
        <DataTable.Col source="content" disableSort>
          <FunctionField<ReportRow>
            render={(row) => (
              <Stack>
                <span>
                  {translate(`moderation.kind.${row.content.kind}`)}
                  {row.content.deleted ? ` · ${translate('moderation.reports.content_deleted')}` : ''}
                </span>
                {row.content.topicId ? (
                  <a
                    href={`/thread?topicId=${encodeURIComponent(row.content.topicId)}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {row.content.excerpt ?? row.content.contentId}
                  </a>
                ) : (
                  <span>{row.content.excerpt ?? row.content.contentId}</span>
                )}
              </Stack>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="typeName" disableSort />
        <DataTable.Col source="reason" disableSort>
          <FunctionField<ReportRow>
            render={(row) => (
              <Stack>
                <span>{row.reason}</span>
                <span>
                  {row.imageUrls.map((url) => (
                    <a key={url} href={url} target="_blank" rel="noreferrer">
                      <img src={url} alt={translate('moderation.reports.image')} width={40} height={40} />
                    </a>
                  ))}
                </span>
              </Stack>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="reporter" disableSort>
          <FunctionField<ReportRow> render={(row) => <MemberField member={row.reporter} />} />
        </DataTable.Col>
        <DataTable.Col source="filedAt" disableSort>
          <DateField source="filedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="result" disableSort>
          <FunctionField<ReportRow>
            render={(row) =>
              row.result ? (
                <Stack>
                  <span>{row.result}</span>
                  {row.remark && <em>{row.remark}</em>}
                </Stack>
              ) : null
            }
          />
        </DataTable.Col>
        <DataTable.Col disableSort>
          <HandleReport />
          <FunctionField<ReportRow>
            render={(row) => (row.status < 1000 ? <DeleteButton mutationMode="pessimistic" redirect={false} /> : null)}
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

import { useState } from 'react';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import {
  DataTable,
  DateField,
  FunctionField,
  List,
  SelectInput,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { fenToYuan, formatFen } from '@contracts/wallet/money';
import { useStaffCommand } from '../staff-rows';
import { QaCommandButton } from './QaCommandButton';
import { QUESTION_FILTERS } from './qa-api';
import type { QaDataProvider, QaQuestion } from './qa-api';
import { MemberField } from '../../fields/MemberField';
import { RevisionsButton } from '../revisions/RevisionsButton';

function BountyCell({ question }: { question: QaQuestion }) {
  const translate = useTranslate();
  const bounty = question.bounty;
  if (!bounty) return <span>—</span>;
  const parts = [
    bounty.amount > 0 ? formatFen(bounty.amount) : null,
    bounty.points > 0 ? translate('qa.bounty.points', { points: bounty.points }) : null,
  ].filter(Boolean);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <span>{parts.join(' + ')}</span>
      <Chip size="small" variant="outlined" label={translate(`qa.bounty.status.${bounty.status}`)} />
    </Stack>
  );
}

/** Staff change a held bounty's totals (yuan text and points) with a reason; the wallet moves the difference. */
function AdjustBounty() {
  const question = useRecordContext<QaQuestion>();
  const translate = useTranslate();
  const provider = useDataProvider<QaDataProvider>();
  const { run } = useStaffCommand();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  if (!question || question.deleted || question.bounty?.status !== 'held') return null;
  const start = () => {
    setAmount(fenToYuan(question.bounty!.amount));
    setPoints(String(question.bounty!.points));
    setReason('');
    setOpen(true);
  };
  const save = async () => {
    const adjust = () => provider.adjustBounty(question.id, { amount, points: Number(points), reason });
    if (await run(adjust, 'qa.done.adjust')) setOpen(false);
  };
  return (
    <>
      <Button size="small" onClick={start}>
        {translate('qa.verbs.adjust')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{translate('qa.adjust.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={translate('qa.adjust.amount')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <TextField
              label={translate('qa.adjust.points')}
              value={points}
              onChange={(e) => setPoints(e.target.value)}
            />
            <TextField
              label={translate('qa.adjust.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button disabled={!reason.trim()} onClick={() => void save()}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function QuestionActions() {
  const question = useRecordContext<QaQuestion>();
  if (!question || question.deleted) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {question.resolved && (
        <QaCommandButton
          label="qa.verbs.cancel_adoption"
          done="qa.done.cancel_adoption"
          confirm={{ title: 'qa.confirm.cancel_adoption_title', content: 'qa.confirm.cancel_adoption' }}
          run={(provider) => provider.cancelAdoption(question.id)}
        />
      )}
      <AdjustBounty />
      <RevisionsButton kind="question" id={question.id} />
      <QaCommandButton
        label="qa.verbs.delete"
        done="qa.done.delete"
        color="error"
        confirm={{ title: 'qa.confirm.delete_title', content: 'qa.confirm.delete' }}
        run={(provider) => provider.deleteQuestion(question.id)}
      />
    </Stack>
  );
}

/** Every question (deleted ones too) with the six filters of `/askList`; cancel adoption, adjust bounty, delete. */
export function QuestionList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="filter"
      source="filter"
      alwaysOn
      emptyText={translate('qa.filters.all')}
      choices={QUESTION_FILTERS.filter((f) => f !== 'all').map((f) => ({ id: f, name: translate(`qa.filters.${f}`) }))}
    />,
    <SelectInput
      key="deleted"
      source="deleted"
      alwaysOn
      emptyText={translate('qa.status.all')}
      choices={[
        { id: 'false', name: translate('qa.status.live') },
        { id: 'true', name: translate('qa.status.deleted') },
      ]}
    />,
  ];
  return (
    <List exporter={false} filters={filters} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="title" disableSort>
          <FunctionField<QaQuestion>
            render={(question) => (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <span>{question.title}</span>
                {question.resolved && <Chip size="small" color="success" label={translate('qa.badge.resolved')} />}
                {question.deleted && <Chip size="small" variant="outlined" label={translate('qa.status.deleted')} />}
              </Stack>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="asker" disableSort>
          <FunctionField<QaQuestion> render={(question) => <MemberField member={question.asker} />} />
        </DataTable.Col>
        <DataTable.Col source="bounty" disableSort>
          <FunctionField<QaQuestion> render={(question) => <BountyCell question={question} />} />
        </DataTable.Col>
        <DataTable.NumberCol source="answerCount" disableSort />
        <DataTable.Col source="askedAt" disableSort>
          <DateField source="askedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="actions" disableSort>
          <QuestionActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

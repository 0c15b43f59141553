import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import { useStaffCommand } from '../staff-rows';
import type { QaDataProvider } from './qa-api';

export interface QaCommandButtonProps {
  label: string;
  done: string;
  run(provider: QaDataProvider): Promise<unknown>;
  /** Asks before running when given. */
  confirm?: { title: string; content: string };
  color?: 'primary' | 'error';
}

/** One staff verb of the Q&A: a button (confirmed first when it is hard to undo), then a notice and a refresh. */
export function QaCommandButton({ label, done, run, confirm, color = 'primary' }: QaCommandButtonProps): ReactNode {
  const translate = useTranslate();
  const provider = useDataProvider<QaDataProvider>();
  const { busy, run: runCommand } = useStaffCommand();
  const [confirming, setConfirming] = useState(false);
  const execute = () => runCommand(() => run(provider), done);
  return (
    <>
      <Button
        size="small"
        color={color}
        disabled={busy}
        onClick={() => (confirm ? setConfirming(true) : void execute())}
      >
        {translate(label)}
      </Button>
      {confirm && (
        <Confirm
          isOpen={confirming}
          title={translate(confirm.title)}
          content={translate(confirm.content)}
          onConfirm={() => {
            setConfirming(false);
            void execute();
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

import { Chip } from '@mui/material';
import {
  DataTable,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { MemberField } from '../../fields/MemberField';
import { CreateStaffButton } from './CreateStaffDialog';
import type { StaffMember } from './member';
import { MemberPanel } from './MemberPanel';

const STATE_COLOR = { enabled: 'success', disabled: 'warning', cancelled: 'default' } as const;

export function MemberStateChip({ member }: { member: StaffMember }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATE_COLOR[member.state]}
      label={translate(`members.state.${member.state}`)}
    />
  );
}

/** Members and staff, newest first, searched and filtered on the server; a row opens its details. */
export function MemberList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('members.search')} />,
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={(['enabled', 'disabled', 'cancelled'] as const).map((state) => ({
        id: state,
        name: translate(`members.state.${state}`),
      }))}
    />,
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      choices={(['member', 'staff'] as const).map((kind) => ({ id: kind, name: translate(`members.kind.${kind}`) }))}
    />,
    // Set by a member's name elsewhere in the console (their record); shown then, with its remove button.
    <TextInput key="id" source="id" label={translate('members.by_id')} />,
  ];
  return (
    <List
      exporter={false}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateStaffButton />
        </TopToolbar>
      }
      perPage={20}
      sort={{ field: 'registeredAt', order: 'DESC' }}
    >
      <DataTable bulkActionButtons={false} rowClick="expand" expand={<MemberPanel />}>
        <DataTable.Col source="account" disableSort />
        <DataTable.Col source="nickname" disableSort>
          <FunctionField<StaffMember>
            render={(member) => (
              <MemberField
                member={{
                  id: member.id,
                  nickname: member.nickname,
                  account: member.account,
                  cancelled: member.state === 'cancelled',
                }}
                linkRecord={false}
              />
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="kind" disableSort>
          <FunctionField<StaffMember> render={(member) => translate(`members.kind.${member.kind}`)} />
        </DataTable.Col>
        <DataTable.Col source="state" disableSort>
          <FunctionField<StaffMember> render={(member) => <MemberStateChip member={member} />} />
        </DataTable.Col>
        <DataTable.Col source="registeredAt" disableSort>
          <DateField source="registeredAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

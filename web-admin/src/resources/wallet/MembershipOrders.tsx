import { BooleanField, DataTable, DateField, FunctionField, List, TextInput, useTranslate } from 'react-admin';
import { formatFen } from '@contracts/wallet/money';
import { MemberField } from '../../fields/MemberField';

export interface OrderRow {
  id: string;
  orderNumber: string;
  memberId: string;
  cardId: string;
  cardName: string;
  specName: string;
  roleName: string;
  amount: number;
  points: number;
  quantity: number;
  duration: number;
  unit: string;
  paidAt: string;
  roleGranted: boolean;
  validUntil: string | null;
}

/** Every paid card order, newest first; filtered by member or card and paged on the server. */
export function MembershipOrderList() {
  const translate = useTranslate();
  const filters = [
    <TextInput key="memberId" source="memberId" alwaysOn />,
    <TextInput key="cardId" source="cardId" alwaysOn />,
  ];
  return (
    <List exporter={false} filters={filters}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="orderNumber" disableSort />
        <DataTable.Col source="paidAt" disableSort>
          <DateField source="paidAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="memberId" disableSort>
          <FunctionField<OrderRow> render={(order) => <MemberField memberId={order.memberId} />} />
        </DataTable.Col>
        <DataTable.Col source="specName" disableSort>
          <FunctionField<OrderRow> render={(order) => `${order.cardName} · ${order.specName}`} />
        </DataTable.Col>
        <DataTable.Col source="amount" disableSort>
          <FunctionField<OrderRow> render={(order) => formatFen(order.amount)} />
        </DataTable.Col>
        <DataTable.NumberCol source="points" disableSort />
        <DataTable.Col source="roleName" disableSort />
        <DataTable.Col source="duration" disableSort>
          <FunctionField<OrderRow>
            render={(order) => `${order.duration} ${translate(`wallet.cards.unit.${order.unit}`)}`}
          />
        </DataTable.Col>
        <DataTable.Col source="roleGranted" disableSort>
          <BooleanField source="roleGranted" />
        </DataTable.Col>
        <DataTable.Col source="validUntil" disableSort>
          <DateField source="validUntil" showTime emptyText="—" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  EditButton,
  FunctionField,
  List,
  NumberInput,
  regex,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  TopToolbar,
  useDataProvider,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { fenToYuan, formatFen } from '@contracts/wallet/money';
import type { WalletDataProvider } from './wallet-api';

export interface CardSpec {
  specId?: string;
  name: string;
  price: number | string | null;
  points: number;
  marketPrice: number | string | null;
  duration: number;
  unit: 'hour' | 'day' | 'month' | 'year';
  enabled: boolean;
  stock: number;
}

export interface CardRow {
  id: string;
  cardId: string;
  name: string;
  subtitle: string;
  introduction: string;
  descriptionTags: string[];
  onSale: boolean;
  roleId: string;
  roleName: string;
  specifications: CardSpec[];
}

const UNITS = ['hour', 'day', 'month', 'year'] as const;
const YUAN = /^\d{1,12}(\.\d{1,2})?$/;

/** The form shows prices as yuan text; a saved card answers fen. */
const yuanText = (value: unknown) => (typeof value === 'number' ? fenToYuan(value) : ((value as string | null) ?? ''));
const yuanOrNull = (value: unknown) => {
  const text = yuanText(value).trim();
  return text === '' || text === '0.00' ? null : text;
};

/** What the API takes: tags from comma-separated text, prices as yuan text, no read-only fields. */
export function cardBody(data: Partial<CardRow>) {
  return {
    ...data,
    descriptionTags: data.descriptionTags ?? [],
    specifications: (data.specifications ?? []).map((spec) => ({
      ...(spec.specId ? { specId: spec.specId } : {}),
      name: spec.name,
      price: yuanOrNull(spec.price),
      points: Number(spec.points ?? 0),
      marketPrice: yuanOrNull(spec.marketPrice),
      duration: Number(spec.duration),
      unit: spec.unit,
      enabled: spec.enabled ?? true,
      stock: Number(spec.stock ?? 0),
    })),
  };
}

const priceSummary = (spec: CardSpec, pointsLabel: string) =>
  [
    typeof spec.price === 'number' && spec.price > 0 ? formatFen(spec.price) : null,
    spec.points > 0 ? `${spec.points} ${pointsLabel}` : null,
  ]
    .filter(Boolean)
    .join(' + ');

/** Every card, on sale or not, filtered and paged on the server. */
export function MembershipCardList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="onSale"
      source="onSale"
      alwaysOn
      choices={[
        { id: 'true', name: translate('wallet.cards.on_sale') },
        { id: 'false', name: translate('wallet.cards.off_sale') },
      ]}
    />,
  ];
  return (
    <List
      exporter={false}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="roleName" disableSort />
        <DataTable.Col source="onSale" disableSort>
          <BooleanField source="onSale" />
        </DataTable.Col>
        <DataTable.Col source="specifications" disableSort>
          <FunctionField<CardRow>
            render={(card) =>
              card.specifications
                .map(
                  (spec) =>
                    `${spec.name}: ${priceSummary(spec, translate('wallet.points'))} (${translate('wallet.cards.stock_left', { count: spec.stock })})`,
                )
                .join(' · ')
            }
          />
        </DataTable.Col>
        <DataTable.Col disableSort>
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Member roles other than the default one: what a card may grant. */
function RoleInput() {
  const { data = [] } = useGetList<{ id: string; name: string; kind: string; isDefault: boolean }>('roles', {
    pagination: { page: 1, perPage: 100 },
  });
  const choices = data.filter((role) => role.kind === 'member' && !role.isDefault);
  return <SelectInput source="roleId" choices={choices} validate={required()} />;
}

const yuanRule = regex(YUAN, 'wallet.cards.yuan_format');

function CardForm({ editing = false }: { editing?: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm defaultValues={{ onSale: false, descriptionTags: [], specifications: [] }}>
      <TextInput source="name" validate={required()} />
      <TextInput source="subtitle" />
      <TextInput source="introduction" multiline minRows={3} />
      <TextInput
        source="descriptionTags"
        helperText={translate('wallet.cards.tags_hint')}
        format={(tags: string[] | undefined) => (tags ?? []).join(', ')}
        parse={(text: string) =>
          text
            .split(/[,，]/)
            .map((tag) => tag.trim())
            .filter(Boolean)
        }
      />
      <RoleInput />
      <BooleanInput source="onSale" />
      <ArrayInput source="specifications" validate={required()}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="name" validate={required()} label="resources.membershipCards.fields.specName" />
          <TextInput
            source="price"
            format={yuanText}
            validate={yuanRule}
            label="resources.membershipCards.fields.price"
          />
          <NumberInput source="points" min={0} step={1} label="resources.membershipCards.fields.points" />
          <TextInput
            source="marketPrice"
            format={yuanText}
            validate={yuanRule}
            label="resources.membershipCards.fields.marketPrice"
          />
          <NumberInput
            source="duration"
            min={1}
            step={1}
            validate={required()}
            label="resources.membershipCards.fields.duration"
          />
          <SelectInput
            source="unit"
            validate={required()}
            label="resources.membershipCards.fields.unit"
            choices={UNITS.map((unit) => ({ id: unit, name: translate(`wallet.cards.unit.${unit}`) }))}
          />
          <BooleanInput source="enabled" defaultValue label="resources.membershipCards.fields.enabled" />
          <NumberInput
            source="stock"
            min={0}
            step={1}
            label={editing ? 'wallet.cards.initial_stock_new' : 'resources.membershipCards.fields.stock'}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

export function MembershipCardCreate() {
  return (
    <Create redirect="list" transform={cardBody}>
      <CardForm />
    </Create>
  );
}

/** Adds or removes units of one saved specification (its stock never goes through the card's form). */
function StockAdjuster({ card, spec }: { card: CardRow; spec: CardSpec }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & WalletDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [change, setChange] = useState('');
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    setBusy(true);
    try {
      await dataProvider.adjustMembershipStock(card.cardId, spec.specId!, Number(change));
      setChange('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography sx={{ minWidth: 200 }}>
        {spec.name}: {translate('wallet.cards.stock_left', { count: spec.stock })}
      </Typography>
      <TextField
        size="small"
        label={translate('wallet.cards.stock_change')}
        value={change}
        onChange={(event) => setChange(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Button disabled={busy || !/^-?\d+$/.test(change) || Number(change) === 0} onClick={() => void apply()}>
        {translate('wallet.cards.apply_stock')}
      </Button>
    </Stack>
  );
}

function StockPanel() {
  const translate = useTranslate();
  const card = useRecordContext<CardRow>();
  if (!card) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6">{translate('wallet.cards.stock_title')}</Typography>
      <Stack spacing={1}>
        {card.specifications
          .filter((spec) => spec.specId)
          .map((spec) => (
            <StockAdjuster key={spec.specId} card={card} spec={spec} />
          ))}
      </Stack>
    </Box>
  );
}

export function MembershipCardEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={cardBody} aside={<StockPanel />}>
      <CardForm editing />
    </Edit>
  );
}

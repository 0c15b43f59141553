import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { HttpError, useDataProvider, useInput, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../providers/data-provider';

/** A row of the member search (`GET /api/identity/staff/members?q=`), as far as the picker needs it. */
interface MemberOption {
  id: string;
  /** Empty from the nickname lookup (staff without `members.manage`). */
  account: string;
  nickname: string | null;
}

/** Typing waits this long before it searches, so that a word is one request rather than one per letter. */
const SEARCH_DELAY_MS = 300;
const SUGGESTIONS = 10;

const optionLabel = (member: MemberOption) =>
  member.nickname && member.account ? `${member.nickname} (${member.account})` : (member.nickname ?? member.account);

export interface MemberSearchInputProps {
  /** The form (or filter) field that takes the chosen member's id, e.g. `authorId`. */
  source: string;
  label?: string;
  /** Filter forms pass it; the input is always shown anyway. */
  alwaysOn?: boolean;
}

/**
 * A member picked by account or nickname, searched on the server through the console's member list (resource
 * `members`), whose id becomes the field's value: staff never type raw ids. Staff the member list refuses (no
 * `members.manage`: a moderator filtering topics) search the forum's nickname lookup instead, by nickname prefix.
 * A value that arrives without a pick (a link, a reload) shows as its id until another member is chosen.
 */
export function MemberSearchInput({ source, label }: MemberSearchInputProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { field } = useInput({ source });
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<MemberOption | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useQuery({
    queryKey: ['members', 'search', query],
    queryFn: async (): Promise<MemberOption[]> => {
      try {
        const { data } = await dataProvider.getList<MemberOption>('members', {
          pagination: { page: 1, perPage: SUGGESTIONS },
          sort: { field: 'id', order: 'DESC' },
          filter: { q: query },
        });
        return data;
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 403) throw error;
        const found = await dataProvider.lookupMembers(query, SUGGESTIONS);
        return found.map(({ memberId, nickname }) => ({ id: memberId, account: '', nickname }));
      }
    },
    enabled: query !== '',
    retry: false,
  });

  const id = typeof field.value === 'string' ? field.value : '';
  const value: MemberOption | null =
    id === '' ? null : chosen?.id === id ? chosen : { id, account: id, nickname: null };
  const noOptions = search.error
    ? translate('members.picker.search_failed', { message: search.error.message })
    : translate(query === '' ? 'members.picker.hint' : 'members.picker.none');

  return (
    <Autocomplete<MemberOption>
      sx={{ minWidth: '16rem' }}
      size="small"
      value={value}
      options={search.data ?? []}
      loading={search.isFetching}
      // The server has filtered already (account or nickname): show its answer as it is.
      filterOptions={(options) => options}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      noOptionsText={noOptions}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text);
      }}
      onChange={(_event, member) => {
        setChosen(member);
        field.onChange(member?.id ?? '');
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? translate('members.picker.label')}
          placeholder={translate('members.picker.hint')}
          margin="dense"
        />
      )}
    />
  );
}

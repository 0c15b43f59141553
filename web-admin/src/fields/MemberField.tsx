import type { MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { IconButton, Link, Stack, Tooltip } from '@mui/material';
import { useDataProvider, usePermissions, useTranslate } from 'react-admin';
import { mayOpen } from '../api/staff-permissions';
import type { AdminDataProvider } from '../providers/data-provider';

/** A member as the console's rows carry them: the forum's author views, the wallet's and the reports' members. */
export interface MemberLike {
  memberId?: string;
  id?: string;
  nickname?: string | null;
  account?: string | null;
  cancelled?: boolean;
}

/** The console's member list filtered to this member (their record: state, roles, ledgers). */
export const memberRecordHref = (memberId: string) => ({
  pathname: '/members',
  search: `?${new URLSearchParams({ filter: JSON.stringify({ id: memberId }) }).toString()}`,
});

/** The member's public page on the member site (the console is served under `/admin/` of the same origin). */
export const memberSiteHref = (memberId: string) => `/user/${encodeURIComponent(memberId)}`;

// A click on a link inside a row must not also open the row (rowClick).
const keepToLink = (event: MouseEvent) => event.stopPropagation();

/**
 * A member wherever staff see one: the name links to the member's record in the console (when this staff member may
 * open the member list; otherwise plain text), and a small button opens their page on the member site in a new tab.
 * A cancelled account shows as such. With only an id known (`memberId`), the name is read from the member's public
 * profile (cached per member), the id standing for it until then.
 */
export function MemberField({
  member,
  memberId,
  linkRecord = true,
}: {
  member?: MemberLike | null;
  memberId?: string | null;
  /** False where the row already is the member's record (the member list). */
  linkRecord?: boolean;
}) {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const id = member?.memberId ?? member?.id ?? memberId ?? null;
  const known = member?.cancelled !== undefined || !!member?.nickname || !!member?.account;
  const profile = useQuery({
    queryKey: ['identity', 'member-profile', id],
    queryFn: () => dataProvider.memberProfile(id!),
    enabled: !!id && !known,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!id) return null;
  const shown = known ? member : profile.data;
  const cancelled = shown?.cancelled === true;
  const name = cancelled ? translate('members.cancelled_name') : (shown?.nickname ?? member?.account ?? id);
  const linked = linkRecord && mayOpen(permissions, 'members');
  return (
    <Stack
      component="span"
      direction="row"
      spacing={0.25}
      sx={{ alignItems: 'center', display: 'inline-flex' }}
      className="member-field"
    >
      {linked ? (
        <Link
          component={RouterLink}
          to={memberRecordHref(id)}
          onClick={keepToLink}
          title={translate('member_field.record')}
          sx={cancelled ? { fontStyle: 'italic' } : undefined}
        >
          {name}
        </Link>
      ) : (
        <span style={cancelled ? { fontStyle: 'italic' } : undefined}>{name}</span>
      )}
      {cancelled ? null : (
        <Tooltip title={translate('member_field.site')}>
          <IconButton
            size="small"
            component="a"
            href={memberSiteHref(id)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={keepToLink}
            aria-label={translate('member_field.site_of', { name })}
          >
            <OpenInNewIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';

export const REFRESH_MS = 5_000;

/**
 * A dashboard figure source, polled every 5 s while the page is visible. A 401 goes through the
 * authProvider like react-admin's own queries (one token renewal, else back to the login page).
 */
export function useLiveFigures<T>(key: readonly string[], fetcher: () => Promise<T>) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const query = useQuery({
    queryKey: ['dashboard', ...key],
    queryFn: fetcher,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  useEffect(() => {
    if (query.error) void logoutIfAccessDenied(query.error);
  }, [query.error, logoutIfAccessDenied]);
  return query;
}

import type { I18n } from '@/lib/translator';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api/api-client';
import { chooseLanguage, LANGUAGE_STORAGE_KEY } from '@/lib/language';
import { baseInfoQueryOptions } from '@/features/site/api/get-base-info';
import { applySiteInfo, type SiteInfo } from '@/stores/app-state';
import { applyLanguage } from './language';

export interface BootDeps {
  api: ApiClient;
  queryClient: QueryClient;
  i18n: I18n;
  storage: Storage;
  browserLanguage: string;
}

/**
 * Before the first screen: site info, then the language (stored, else the server default, else the browser),
 * and a token refresh when a token is stored but the server did not recognise a current user.
 */
export async function bootstrap({
  api,
  queryClient,
  i18n,
  storage,
  browserLanguage,
}: BootDeps): Promise<Partial<SiteInfo> | null> {
  let info: Partial<SiteInfo> | null = null;
  try {
    info = await queryClient.fetchQuery(baseInfoQueryOptions());
  } catch {
    // The client already told the member; the site runs on its defaults.
  }
  if (info) applySiteInfo(info);
  await applyLanguage(
    i18n,
    chooseLanguage(storage.getItem(LANGUAGE_STORAGE_KEY), info?.defaultLanguage, browserLanguage),
  );
  if (info && !info.systemUser && api.hasSession()) void api.refreshSession();
  return info;
}

import { createStore, useStore } from '@/lib/create-store';
import type { SystemUser } from '@/lib/api/api-types';
import { builtInLanguageNames, DEFAULT_LOCALE_ID, type Language } from '@/lib/language';
import { apiBase } from '@/config/env';

export interface FriendlyLink {
  name: string;
  url: string;
}

/** A capability the staff can switch off, with the text shown while it is off. */
export interface FeatureSwitch {
  enabled: boolean;
  message: string;
}

/** Answer of `GET /baseInfo`. */
export interface SiteInfo {
  title: string;
  keywords: string;
  description: string;
  baseURL: string;
  commonPath: string;
  contextPath: string;
  templateDir: string;
  baseURI: string;
  fileStorageSystem: number;
  supportAccessDevice: number;
  weixin_oa_appid: string;
  defaultLanguage: string;
  languageSwitching: Record<string, string>;
  systemUser: SystemUser | null;
  aiAssistantParameter: Record<string, unknown>;
  friendlyLinks: FriendlyLink[];
  /** Staff switches (login, registration, posting, …); a switch left out counts as on. */
  switches: Partial<Record<string, FeatureSwitch>>;
}

/** The shared application state (docs/rules/web.md). */
export interface AppState extends SiteInfo {
  apiUrl: string;
  transparentImage: string;
  topicDetailPermission: boolean;
  currentLanguage: Language;
  userInfoVersion: number;
}

export const TRANSPARENT_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export function initialAppState(): AppState {
  return {
    apiUrl: apiBase,
    baseURL: '',
    commonPath: '',
    contextPath: '',
    templateDir: '',
    title: '',
    keywords: '',
    description: '',
    systemUser: null,
    baseURI: '',
    fileStorageSystem: 0,
    supportAccessDevice: 1,
    weixin_oa_appid: '',
    transparentImage: TRANSPARENT_IMAGE,
    topicDetailPermission: true,
    aiAssistantParameter: {},
    defaultLanguage: DEFAULT_LOCALE_ID,
    currentLanguage: 'zh',
    languageSwitching: builtInLanguageNames,
    userInfoVersion: 0,
    friendlyLinks: [],
    switches: {},
  };
}

export const appState = createStore<AppState>(initialAppState());

export function useAppState<S>(select: (state: AppState) => S): S {
  return useStore(appState, select);
}

/** Copies what `/baseInfo` answered over the defaults (fields it leaves out keep their defaults). */
export function applySiteInfo(info: Partial<SiteInfo>): void {
  const defined = Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined && value !== null));
  appState.set({
    ...defined,
    systemUser: info.systemUser ?? null,
    languageSwitching:
      info.languageSwitching && Object.keys(info.languageSwitching).length
        ? info.languageSwitching
        : builtInLanguageNames,
    friendlyLinks: Array.isArray(info.friendlyLinks) ? info.friendlyLinks : [],
    switches: info.switches && typeof info.switches === 'object' ? info.switches : {},
  });
}

export function setSystemUser(user: SystemUser | null): void {
  appState.set((state) => ({ systemUser: user, userInfoVersion: state.userInfoVersion + 1 }));
}

export function setTopicDetailPermission(allowed: boolean): void {
  appState.set({ topicDetailPermission: allowed });
}

export function setCurrentLanguage(language: Language): void {
  appState.set({ currentLanguage: language });
}

/** Whether the staff left a capability on, and their message when they did not. */
export function useFeatureSwitch(name: string): FeatureSwitch {
  const feature = useAppState((state) => state.switches[name]);
  return { enabled: feature?.enabled !== false, message: feature?.message ?? '' };
}

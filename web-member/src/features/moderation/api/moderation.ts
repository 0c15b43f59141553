import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';

const BASE = '/api/moderation';

/** Every reportable kind (docs/rules/moderation.md, reports); the member site files topics, comments and replies so far. */
export type ReportKind = 'topic' | 'comment' | 'reply' | 'question' | 'answer' | 'answerReply';

export interface ReportType {
  id: string;
  name: string;
  parentId: string | null;
  reasonRequired: boolean;
  children: ReportType[];
}

export interface MyReport {
  id: string;
  /** One of the nine codes: 10/40/50 + 1000 (deleted by me) or + 100000 (deleted by staff). */
  status: number;
  typeName: string;
  reason: string;
  imageUrls: string[];
  filedAt: string;
  result: string | null;
  resolvedAt: string | null;
  content: { kind: ReportKind; contentId: string; topicId: string | null; excerpt: string | null; deleted: boolean };
}

export interface FileReportInput {
  kind: ReportKind;
  contentId: string;
  typeId: string;
  reason: string;
  imageUrls: string[];
  captchaKey?: string;
  captchaValue?: string;
}

export interface HelpCategory {
  id: string;
  name: string;
  articleCount: number;
}

export interface HelpArticle {
  id: string;
  categoryId: string;
  title: string;
  content: string;
  updatedAt: string;
}

export const REPORTS_PAGE_SIZE = 20;

export const moderationKeys = {
  reportTypes: ['moderation', 'reportTypes'] as const,
  myReports: (page: number) => ['moderation', 'myReports', page] as const,
  helpCategories: ['moderation', 'helpCategories'] as const,
  helpArticles: (params: { categoryId?: string; q?: string; page: number }) =>
    ['moderation', 'helpArticles', params] as const,
  helpArticle: (id: string) => ['moderation', 'helpArticle', id] as const,
  terms: ['moderation', 'terms'] as const,
};

export function useReportTypes(enabled = true) {
  return useQuery({
    queryKey: moderationKeys.reportTypes,
    queryFn: ({ signal }) =>
      api.get<{ items: ReportType[]; maxImages: number }>(`${BASE}/report-types`, { signal, loading: false }),
    enabled,
  });
}

/** The leaves of the tree with their path ("Abuse / Spam"): what the dialog offers. */
export function leafTypes(types: ReportType[], prefix = ''): (ReportType & { label: string })[] {
  return types.flatMap((type) => {
    const label = prefix ? `${prefix} / ${type.name}` : type.name;
    return type.children.length ? leafTypes(type.children, label) : [{ ...type, label }];
  });
}

/** Refusals are shown in the dialog (the server's message, in the member's language). */
export function useFileReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FileReportInput) =>
      api.request<{ reportId: string }>('POST', `${BASE}/reports`, { json: input, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['moderation', 'myReports'] }),
  });
}

/** `POST /api/moderation/reports/images` (multipart `file`): the stored image's URL for `imageUrls`. */
export function uploadReportImage(file: File): Promise<{ url: string }> {
  const formData = new FormData();
  formData.append('file', file);
  return api.request<{ url: string }>('POST', `${BASE}/reports/images`, { formData, silent: true });
}

export function useMyReports(page: number) {
  return useQuery({
    queryKey: moderationKeys.myReports(page),
    queryFn: ({ signal }) =>
      api.get<Page<MyReport>>(`${BASE}/reports/mine`, {
        params: { page, pageSize: REPORTS_PAGE_SIZE },
        signal,
        loading: false,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) => api.request('DELETE', `${BASE}/reports/${encodeURIComponent(reportId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['moderation', 'myReports'] }),
  });
}

export function useHelpCategories() {
  return useQuery({
    queryKey: moderationKeys.helpCategories,
    queryFn: ({ signal }) => api.get<{ items: HelpCategory[] }>(`${BASE}/help/categories`, { signal }),
  });
}

export function useHelpArticles(params: { categoryId?: string; q?: string; page: number }) {
  return useQuery({
    queryKey: moderationKeys.helpArticles(params),
    queryFn: ({ signal }) =>
      api.get<Page<HelpArticle>>(`${BASE}/help/articles`, {
        params: { ...params, pageSize: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useHelpArticle(id: string) {
  return useQuery({
    queryKey: moderationKeys.helpArticle(id),
    queryFn: ({ signal }) => api.get<HelpArticle>(`${BASE}/help/articles/${encodeURIComponent(id)}`, { signal }),
    enabled: !!id,
  });
}

export function useTerms() {
  return useQuery({
    queryKey: moderationKeys.terms,
    queryFn: ({ signal }) => api.get<{ content: string }>(`${BASE}/terms`, { signal }),
  });
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: { name: string; contact: string; content: string }) =>
      api.post<{ id: string }>(`${BASE}/feedback`, input, { silent: true }),
  });
}

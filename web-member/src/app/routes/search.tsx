import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { useHotTerms } from '@/features/search/api/search';
import type { SearchKind, SearchSort } from '@/features/search/api/search';
import { SearchResults } from '@/features/search/components/search-results';
import { flattenQaTags, useQaTags } from '@/features/questions/api/questions';
import { flattenTags, useTags } from '@/features/topics/api/tags';

const KINDS: SearchKind[] = ['topic', 'question', 'help'];
const SORTS: SearchSort[] = ['relevance', 'latest'];
const PAGE_SIZE = 20;

const kindFrom = (value: string | null) => KINDS.find((kind) => kind === value);
const sortFrom = (value: string | null): SearchSort => SORTS.find((sort) => sort === value) ?? 'relevance';

/** `/search?keyword=&type=&sort=&page=`: one search over topics, questions and help, with hot searches. */
export function Component() {
  const { t } = useTranslation();
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const keyword = searchParams.get('keyword')?.trim() ?? '';
  const type = kindFrom(searchParams.get('type'));
  const sort = sortFrom(searchParams.get('sort'));
  const [draft, setDraft] = useState(keyword);
  const tagId = searchParams.get('tagId') ?? undefined;
  const hot = useHotTerms();
  const tags = useTagFilterOptions(type);

  const go = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setSearchParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ keyword: draft.trim() || undefined });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="search-page">
      <h1 id={`${id}-title`} className="page-title">
        {t('screens.search')}
      </h1>
      <form role="search" className="search-page__form" onSubmit={submit}>
        <label htmlFor={`${id}-keyword`}>{t('search.keyword')}</label>
        <input
          id={`${id}-keyword`}
          type="search"
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
        />
        <label htmlFor={`${id}-type`}>{t('search.type')}</label>
        <select
          id={`${id}-type`}
          value={type ?? ''}
          onChange={(event) => go({ type: event.target.value || undefined, tagId: undefined })}
        >
          <option value="">{t('search.allTypes')}</option>
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`search.kinds.${kind}`)}
            </option>
          ))}
        </select>
        {tags ? (
          <>
            <label htmlFor={`${id}-tag`}>{t('search.tag')}</label>
            <select
              id={`${id}-tag`}
              value={tagId ?? ''}
              onChange={(event) => go({ tagId: event.target.value || undefined })}
            >
              <option value="">{t('search.allTags')}</option>
              {tags.map(({ tagId: value, name, depth }) => (
                <option key={value} value={value}>
                  {'\u2003'.repeat(depth)}
                  {name}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <label htmlFor={`${id}-sort`}>{t('search.sort')}</label>
        <select id={`${id}-sort`} value={sort} onChange={(event) => go({ sort: event.target.value })}>
          {SORTS.map((value) => (
            <option key={value} value={value}>
              {t(`search.sorts.${value}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--primary">
          {t('search.submit')}
        </button>
      </form>
      {hot.data && hot.data.terms.length > 0 ? (
        <nav aria-label={t('search.hotTerms')} className="search-page__hot">
          <span className="muted">{t('search.hotTerms')}</span>{' '}
          {hot.data.terms.map(({ term }) => (
            <Link key={term} className="chip" to={`/search?${new URLSearchParams({ keyword: term })}`}>
              {term}
            </Link>
          ))}
        </nav>
      ) : null}
      {keyword ? (
        <SearchResults
          keyword={keyword}
          type={type}
          tagId={tags ? tagId : undefined}
          sort={sort}
          page={Math.min(pageFrom(searchParams.get('page')), 50)}
          pageSize={PAGE_SIZE}
        />
      ) : (
        <p className="muted">{t('search.prompt')}</p>
      )}
    </section>
  );
}

/** The tags a search of this type may be narrowed to: forum tags for topics, question tags for questions. */
function useTagFilterOptions(type: SearchKind | undefined): { tagId: string; name: string; depth: number }[] | null {
  const forum = useTags();
  const qa = useQaTags();
  if (type === 'topic' && forum.data)
    return flattenTags(forum.data.items).map(({ tag, depth }) => ({ tagId: tag.tagId, name: tag.name, depth }));
  if (type === 'question' && qa.data)
    return flattenQaTags(qa.data.items).map(({ tag, depth }) => ({ tagId: tag.tagId, name: tag.name, depth }));
  return null;
}

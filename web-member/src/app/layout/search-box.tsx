import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { useLocation, useNavigate } from '@/lib/router';

/** Header search: submits to `/search?keyword=…`. */
export function SearchBox() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname === '/search' ? (new URLSearchParams(location.search).get('keyword') ?? '') : '';
  const [keyword, setKeyword] = useState(current);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    navigate(trimmed ? `/search?${new URLSearchParams({ keyword: trimmed })}` : '/search');
  };

  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('header.search')}
      </label>
      <input
        id={id}
        type="search"
        name="keyword"
        value={keyword}
        placeholder={t('header.searchPlaceholder')}
        onChange={(event) => setKeyword(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="button button--primary">
        {t('header.searchSubmit')}
      </button>
    </form>
  );
}

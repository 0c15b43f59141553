import { useId, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, NavLink, useLocation } from '@/lib/router';
import { AssistantEntry } from '@/features/ai-assistant/components/assistant-entry';
import { useAppState } from '@/stores/app-state';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';
import { UnreadLink } from './unread-link';
import { UserMenu } from './user-menu';

/**
 * On narrow screens (CSS, ≤ 720 px) the main links and the language switch fold into a menu behind one button,
 * so the header keeps to the brand, the member's tools and the search (issue 19); wide screens show them all.
 */
export function Header() {
  const { t } = useTranslation();
  const title = useAppState((state) => state.title);
  const user = useAppState((state) => state.systemUser);
  const menuId = useId();
  const location = useLocation();
  // The menu is open at the location it was opened at: following a link (or going back) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === location.key;
  const links = [
    { to: '/', label: t('header.home'), end: true },
    { to: '/askList', label: t('header.questions'), end: false },
    { to: '/membershipCardList', label: t('header.membershipCards'), end: false },
    { to: '/help', label: t('header.help'), end: false },
  ];
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand">
          {title || t('home.title')}
        </Link>
        <button
          type="button"
          className="icon-button site-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={t('header.menu')}
          onClick={() => setOpenAt(menuOpen ? null : location.key)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
          </svg>
        </button>
        <div
          id={menuId}
          className={`site-header__menu${menuOpen ? ' site-header__menu--open' : ''}`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpenAt(null);
          }}
        >
          <nav className="main-nav" aria-label={t('header.mainNav')}>
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitch />
        </div>
        <SearchBox />
        <div className="site-header__tools">
          {user ? (
            <>
              <AssistantEntry />
              <UnreadLink userId={user.id} />
              <UserMenu user={user} />
            </>
          ) : (
            <div className="auth-links">
              <Link to="/login">{t('header.login')}</Link>
              <Link to="/register" className="button button--primary">
                {t('header.register')}
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}

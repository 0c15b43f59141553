import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { AssistantEntry } from '@/features/ai-assistant/components/assistant-entry';
import { useAppState } from '@/stores/app-state';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';
import { UnreadLink } from './unread-link';
import { UserMenu } from './user-menu';

export function Header() {
  const { t } = useTranslation();
  const title = useAppState((state) => state.title);
  const user = useAppState((state) => state.systemUser);
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
        <SearchBox />
        <div className="site-header__tools">
          <LanguageSwitch />
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

import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { useAppState } from '@/stores/app-state';

export function Footer() {
  const { t } = useTranslation();
  const title = useAppState((state) => state.title);
  const friendlyLinks = useAppState((state) => state.friendlyLinks);
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        {friendlyLinks.length ? (
          <nav aria-labelledby="friendly-links" className="site-footer__links">
            <h2 id="friendly-links" className="site-footer__heading">
              {t('footer.friendlyLinks')}
            </h2>
            <ul>
              {friendlyLinks.map((link) => (
                <li key={`${link.name}|${link.url}`}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <nav aria-labelledby="site-links" className="site-footer__links">
          <h2 id="site-links" className="site-footer__heading">
            {t('footer.siteLinks')}
          </h2>
          <ul>
            <li>
              <Link to="/help">{t('footer.help')}</Link>
            </li>
            <li>
              <Link to="/termsService">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/feedback">{t('footer.feedback')}</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copy">
          © {new Date().getFullYear()} {title || t('home.title')}
        </p>
      </div>
    </footer>
  );
}

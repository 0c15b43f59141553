import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { NavLink, Outlet, useLocation } from '@/lib/router';
import { CONTROL_BASE, controlGroups } from '../route-table';

/** `/user/control/*`: the control panel's grouped navigation beside the current screen. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className="control">
      <button
        type="button"
        className="button control__menu-toggle"
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('control.menu')}
      </button>
      <nav id={navId} className={`control-nav${open ? ' control-nav--open' : ''}`} aria-label={t('control.nav')}>
        {controlGroups.map((group) => (
          <div key={group.key} className="control-nav__group">
            <p className="control-nav__label" id={`${navId}-${group.key}`}>
              {t(group.labelKey)}
            </p>
            <ul aria-labelledby={`${navId}-${group.key}`}>
              {group.screens.map((screen) => (
                <li key={screen.path}>
                  <NavLink to={`${CONTROL_BASE}/${screen.path}`}>{t(screen.titleKey)}</NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="control__content">
        <Outlet />
      </div>
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useLocation, useNavigate } from '@/lib/router';
import { useLogout } from '@/features/account/api/logout';
import type { SystemUser } from '@/lib/api/api-types';

/** The logged-in member's menu: a disclosure button with links to the control panel and log out. */
export function UserMenu({ user }: { user: SystemUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = user.nickname || user.account;
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('header.userMenu', { name })}
        onClick={() => setOpen((value) => !value)}
      >
        {user.avatarUrl ? (
          <img className="avatar" src={user.avatarUrl} alt="" width={28} height={28} />
        ) : (
          <span className="avatar avatar--letter" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="user-menu__name">{name}</span>
      </button>
      {open ? (
        <ul id={menuId} className="user-menu__list">
          <li>
            <Link to="/user/control/home">{t('header.controlPanel')}</Link>
          </li>
          <li>
            <Link to="/user/control/editUser">{t('header.editProfile')}</Link>
          </li>
          <li>
            <button
              type="button"
              disabled={logout.isPending}
              onClick={() => {
                // The session ends whatever the server answers; then home.
                void logout.mutateAsync().finally(() => void navigate('/'));
              }}
            >
              {t('header.logout')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

import SettingsIcon from '@mui/icons-material/Settings';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import { mayOpen } from '../api/staff-permissions';

/** The resources, then the pages that are not lists (the settings document). */
export function AdminMenu() {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      {mayOpen(permissions, 'settings') && (
        <Menu.Item to="/settings" primaryText={translate('menu.settings')} leftIcon={<SettingsIcon />} />
      )}
    </Menu>
  );
}

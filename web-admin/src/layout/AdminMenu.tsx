import SettingsIcon from '@mui/icons-material/Settings';
import BuildIcon from '@mui/icons-material/Build';
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
      {mayOpen(permissions, 'operations') && (
        <Menu.Item to="/operations" primaryText={translate('operations.menu')} leftIcon={<BuildIcon />} />
      )}
    </Menu>
  );
}

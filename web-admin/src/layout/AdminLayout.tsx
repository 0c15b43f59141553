import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator } from 'react-admin';
import { AdminMenu } from './AdminMenu';
import { LanguageMenu } from './LanguageMenu';

function AdminAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <LanguageMenu />
          <LoadingIndicator />
        </>
      }
    />
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      {children}
    </Layout>
  );
}

import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator } from 'react-admin';
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
  return <Layout appBar={AdminAppBar}>{children}</Layout>;
}

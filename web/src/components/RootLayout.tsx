import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Outlet } from 'react-router';
import { HydrationSlice } from '@/lib/hydration-slices';
import { EditModeLayer } from '@/features/editable-content/EditModeLayer';
import { ScrollManager } from './ScrollManager';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** The frame of every public page: skip link, header with navigation, main, footer, and edit mode for staff. */
export function RootLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        <Trans>Skip to main content</Trans>
      </a>
      <ScrollManager />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <HydrationSlice>
        <SiteFooter />
      </HydrationSlice>
      <EditModeLayer />
    </>
  );
}

import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { i18n } from '@/i18n/catalog';
import { createQueryClient } from '@/lib/query-client';

/**
 * App-wide context: the query cache, the toaster and the active language's
 * messages (main.tsx and the prerender activate the page's language first).
 */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <LazyToaster />
      </QueryClientProvider>
    </I18nProvider>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { listenForSessionChanges, recheckSession } from '../lib/auth/session-sync';
import { queryClient } from './query-client';
import { routes } from './routes';
import { ThemeProvider } from './theme-provider';
import { ToastProvider } from './toast-provider';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  // Signed in or out in another tab: this tab follows (the login page, or the other user's own pages).
  useEffect(() => listenForSessionChanges(() => void recheckSession(queryClient)), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

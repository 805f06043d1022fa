import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setNavigator } from '../lib/api-client';
import { AppProvider } from './provider';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  useEffect(() => {
    // The forced logout navigates inside the SPA instead of reloading the page.
    setNavigator((to) => {
      void router.navigate(to, { replace: true });
    });
  }, []);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

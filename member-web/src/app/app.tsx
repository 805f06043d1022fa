import { useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router-dom';
import { setNavigator } from '../lib/navigation';
import { ConnectionStatus } from './connection-status';
import { AppProvider } from './provider';
import { routes } from './routes';

/** The routes, and the forced logout (lib/api-client) navigating inside the SPA instead of reloading. */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => {
      void navigate(to, { replace: true });
    });
  }, [navigate]);
  return useRoutes(routes);
}

/**
 * The browser app. A declarative router (BrowserRouter + useRoutes), not a data router: no route
 * has a loader or an action, and the data router's machinery would add ~10 KB gzip to every page's
 * first load. The prerender (src/prerender.tsx) draws the same tree with a StaticRouter.
 */
export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ConnectionStatus />
    </AppProvider>
  );
}

import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';

/** Member routes need a session; without one the visitor goes to /login. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session.isAuth) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

import { useEffect } from 'react';
import { useOldestShownFigures, useOnline } from '../lib/connection';
import { lazyPart } from '../lib/lazy-part';

/** The banner's code is not in the first load; it is fetched once the app has drawn, so it is there offline too. */
const ConnectionBanner = lazyPart(() => import('../components/ui/connection-banner').then((m) => m.ConnectionBanner));

/** The offline banner (components/ui/connection-banner.tsx) when offline or showing last figures. */
export function ConnectionStatus() {
  const online = useOnline();
  const oldest = useOldestShownFigures();
  useEffect(() => {
    void ConnectionBanner.preload().catch(() => undefined);
  }, []);
  return online && oldest === null ? null : <ConnectionBanner />;
}

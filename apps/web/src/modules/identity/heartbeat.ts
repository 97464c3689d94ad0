import { identityEndpoints } from '@openbourse/contracts/constants';
import { useEffect } from 'react';
import { callApi } from '../../shared/api/client';
import { session, useSession } from './session';

export const HEARTBEAT_INTERVAL_MS = 30_000;

/**
 * Presence (SPEC §4): while signed in, a heartbeat every 30 s, skipped while the page is
 * hidden and sent at once when it shows again; "offline" when hidden or closed. Failures only
 * log — three in a row say so once.
 */
export function useHeartbeat(): void {
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    let failures = 0;
    const beat = () => {
      if (document.visibilityState !== 'visible') return;
      callApi(identityEndpoints.heartbeat, { body: { host: window.location.host } })
        .then(() => {
          failures = 0;
        })
        .catch(() => {
          failures += 1;
          if (failures === 3) console.warn('[openbourse] heartbeat failed three times in a row');
        });
    };
    const offline = () => {
      const current = session.get().token;
      if (!current) return;
      // keepalive lets the request finish while the page goes away.
      void fetch(identityEndpoints.offline.path, {
        method: 'POST',
        keepalive: true,
        headers: { Authorization: current, 'Content-Type': 'application/json' },
        body: '{}',
      }).catch(() => undefined);
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? beat() : offline());
    beat();
    const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', offline);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', offline);
    };
  }, [token]);
}

import type { TPushItem } from '@openbourse/contracts';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { keepUnchanged, type LiveFields, type LivePush, mergeLivePrices, withPushes } from './live';
import { subscribePrices } from './market-socket';

/**
 * Follows the socket for these codes while the component is shown. `onPush` (optional) sees
 * every batch as it arrives, for a chart that draws ticks itself.
 */
export function usePricePushes(
  codes: readonly string[],
  onPush?: (items: readonly TPushItem[]) => void,
): ReadonlyMap<string, LivePush> {
  const [pushes, setPushes] = useState<ReadonlyMap<string, LivePush>>(() => new Map());
  const onPushRef = useRef(onPush);
  onPushRef.current = onPush;
  const key = [...new Set(codes)].sort().join(',');
  useEffect(() => {
    if (key === '') return;
    return subscribePrices(key.split(','), (items) => {
      const receivedAt = Date.now();
      // A transition: React renders the moved prices in slices and yields between them, so a
      // stream of pushes never holds the main thread (a tap or a keystroke is served first).
      startTransition(() => setPushes((current) => withPushes(current, items, receivedAt)));
      onPushRef.current?.(items);
    });
  }, [key]);
  return pushes;
}

/**
 * The items of a query with live prices merged in (SPEC §3 live push item). Pass the query's
 * `dataUpdatedAt` so a refetch that is newer than the last push wins.
 */
export function useLivePrices<T extends LiveFields>(
  items: readonly T[] | undefined,
  dataUpdatedAt = 0,
): T[] | undefined {
  const codes = useMemo(() => (items ?? []).map((item) => item.code), [items]);
  const pushes = usePricePushes(codes);
  const previous = useRef<T[] | undefined>(undefined);
  return useMemo(() => {
    if (items === undefined) return undefined;
    // Unchanged instruments keep their objects, so their memoised rows are not rendered again.
    previous.current = keepUnchanged(previous.current, mergeLivePrices(items, pushes, dataUpdatedAt));
    return previous.current;
  }, [items, pushes, dataUpdatedAt]);
}

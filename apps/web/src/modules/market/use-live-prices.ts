import type { TPushItem } from '@openbourse/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type LiveFields, type LivePush, mergeLivePrices, withPushes } from './live';
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
      setPushes((current) => withPushes(current, items, Date.now()));
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
  return useMemo(
    () => (items === undefined ? undefined : mergeLivePrices(items, pushes, dataUpdatedAt)),
    [items, pushes, dataUpdatedAt],
  );
}

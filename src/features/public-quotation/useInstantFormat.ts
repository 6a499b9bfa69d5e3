import { formatDate, formatDateTime } from '../../domain/dates';
import { SHOP_TIME_ZONE } from '../../domain/transaction-status';
import { useHydrated } from '../../ui/useHydrated';

type Instant = string | null | undefined;

/**
 * Instants (issued on, decided on) are shown in the device's time zone. The server, which cannot
 * know the customer's zone, draws them in the shop's, and the browser hydrates in that same zone
 * so its markup matches; the render right after shows the device's zone — the same text for a
 * customer in the shop's zone (nearly all), the right one for anybody else.
 */
export function useInstantFormat() {
  const zone = useHydrated() ? undefined : SHOP_TIME_ZONE;
  return {
    date: (value: Instant) => formatDate(value, zone),
    dateTime: (value: Instant) => formatDateTime(value, zone),
  };
}

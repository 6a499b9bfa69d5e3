/**
 * How far this device's clock is from the server's (issue 17 §5). Edits are stamped with the
 * device's clock (`client_updated_at`), and the later stamp wins a conflict: a clock far off
 * quietly decides conflicts wrong (the server ignores stamps more than 5 min ahead, but not
 * one behind). The sync centre says so when it is off by more than a minute.
 *
 * Measured from the `Date` header of the server's answers (every HTTP answer has one): whole
 * seconds, truncated, so the server's instant was within the second after it; the device's
 * instant is taken halfway through the round trip.
 */

/** Shown from this much off, either way. */
export const CLOCK_SKEW_NOTICE_MS = 60_000;
/** Answers that took longer than this tell too little about the moment the server stamped them. */
export const CLOCK_SAMPLE_MAX_ROUND_TRIP_MS = 10_000;

export interface ClockSample {
  /** Device clock (ms) when the request was sent. */
  sentAt: number;
  /** Device clock (ms) when the answer's headers arrived. */
  receivedAt: number;
  /** The answer's `Date` header (an HTTP date), if any. */
  serverDate: string | null;
}

/**
 * Device clock minus server clock in ms (positive: the device is ahead), or null when the sample
 * cannot tell (no or unreadable Date header, a round trip too long or negative).
 */
export function estimateClockSkew(sample: ClockSample): number | null {
  if (!sample.serverDate) return null;
  const server = Date.parse(sample.serverDate);
  if (!Number.isFinite(server)) return null;
  const roundTrip = sample.receivedAt - sample.sentAt;
  if (!(roundTrip >= 0) || roundTrip > CLOCK_SAMPLE_MAX_ROUND_TRIP_MS) return null;
  return Math.round(sample.sentAt + roundTrip / 2 - (server + 500));
}

function amount(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const days = Math.round(ms / 86_400_000);
  return days < 730 ? `${days} dias` : `${Math.round(days / 365)} anos`;
}

/**
 * 'O relógio deste aparelho está 3 min adiantado em relação ao servidor.' (or atrasado), when the
 * skew is over a minute; null otherwise or when unknown.
 */
export function clockSkewMessage(skewMs: number | null | undefined): string | null {
  if (skewMs == null || !Number.isFinite(skewMs) || Math.abs(skewMs) <= CLOCK_SKEW_NOTICE_MS) return null;
  return `O relógio deste aparelho está ${amount(Math.abs(skewMs))} ${skewMs > 0 ? 'adiantado' : 'atrasado'} em relação ao servidor.`;
}

/** What to do about it. */
export const CLOCK_SKEW_HINT =
  'Ative a data e hora automáticas nas configurações do aparelho: alterações feitas com o relógio errado podem prevalecer sobre outras mais recentes (ou perder para outras mais antigas).';

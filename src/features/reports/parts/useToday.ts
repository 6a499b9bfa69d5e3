import { useEffect, useState } from 'react';
import { shopDate } from '../../../domain/transaction-status';

/** The shop's date ('YYYY-MM-DD', America/Sao_Paulo), refreshed each minute so midnight rolls over. */
export function useToday(): string {
  const [today, setToday] = useState(() => shopDate(new Date()));
  useEffect(() => {
    const t = setInterval(() => setToday(shopDate(new Date())), 60_000);
    return () => clearInterval(t);
  }, []);
  return today;
}

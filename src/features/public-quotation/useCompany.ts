import { useEffect, useState } from 'react';
import type { PublicCompany } from '@shared';
import { getPublicCompany } from '../../data/public-api';

/** The company profile for the header/footer; null until read (or when it cannot be). */
export function useCompany(): PublicCompany | null {
  const [company, setCompany] = useState<PublicCompany | null>(null);
  useEffect(() => {
    let alive = true;
    void getPublicCompany().then((r) => {
      if (alive && r.ok) setCompany(r.data);
    });
    return () => {
      alive = false;
    };
  }, []);
  return company;
}

import { useEffect, useState } from 'react';
import type { PublicCompany } from '@shared';
import { getPublicCompany } from '../../data/public-api';
import { forgetPageCompany, pageCompany } from './page-data';

/**
 * The company profile for the header/footer; null until read (or when it cannot be). A page the
 * server drew starts from the profile it was drawn with.
 */
export function useCompany(): PublicCompany | null {
  const [drawnWith] = useState(pageCompany);
  useEffect(() => {
    if (drawnWith) forgetPageCompany();
  }, [drawnWith]);
  const [company, setCompany] = useState<PublicCompany | null>(drawnWith);
  useEffect(() => {
    if (drawnWith) return;
    let alive = true;
    void getPublicCompany().then((r) => {
      if (alive && r.ok) setCompany(r.data);
    });
    return () => {
      alive = false;
    };
  }, [drawnWith]);
  return company;
}

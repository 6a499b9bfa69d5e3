import { useEffect, useState } from 'react';
import type { PublicCompany } from '@shared';
import { getPublicCompany } from '../../data/public-api';
import { loadGallery, type GalleryPhoto } from './gallery';

export interface LandingData {
  loading: boolean;
  /** null when the profile could not be read (the page still works, without contacts). */
  company: PublicCompany | null;
  photos: GalleryPhoto[];
}

/** Company profile + gallery, read once when the landing opens. */
export function useLandingData(): LandingData {
  const [state, setState] = useState<LandingData>({ loading: true, company: null, photos: [] });
  useEffect(() => {
    let alive = true;
    void Promise.all([getPublicCompany(), loadGallery()]).then(([company, photos]) => {
      if (!alive) return;
      // Warm the cache during the intro so the photos are ready when the field appears.
      for (const p of photos) new Image().src = p.src;
      setState({ loading: false, company: company.ok ? company.data : null, photos });
    });
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

export const INTRO_MS = 3_000;

/** True for the 3 seconds of the intro screen (spec §9), starting once `start` is true. */
export function useIntro(start: boolean): boolean {
  const [showing, setShowing] = useState(true);
  useEffect(() => {
    if (!start) return;
    const t = setTimeout(() => setShowing(false), INTRO_MS);
    return () => clearTimeout(t);
  }, [start]);
  return showing;
}

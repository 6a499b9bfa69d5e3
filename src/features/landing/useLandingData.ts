import { useEffect, useState } from 'react';
import type { PublicCompany } from '@shared';
import { getPublicCompany } from '../../data/public-api';
import { loadGallery, type GalleryPhoto } from './gallery';
import { drawnLanding, forgetDrawnLanding, type DrawnLanding } from './page-data';

export interface LandingData {
  loading: boolean;
  /** null when the profile could not be read (the page still works, without contacts). */
  company: PublicCompany | null;
  photos: GalleryPhoto[];
  /** The server drew the page: its intro is on screen since the first paint, before any script. */
  drawn: boolean;
}

/** Warms the cache during the intro so the photos are ready when the field appears. */
function warmPhotos(photos: GalleryPhoto[]) {
  for (const p of photos) new Image().src = p.src;
}

function initial(drawn: DrawnLanding | null): LandingData {
  return drawn
    ? { loading: false, company: drawn.company, photos: drawn.photos, drawn: true }
    : { loading: true, company: null, photos: [], drawn: false };
}

/**
 * Company profile + gallery: what the server drew the page with (embedded in the HTML), else read
 * once when the landing opens — a spinner until then.
 */
export function useLandingData(): LandingData {
  const [drawnWith] = useState(drawnLanding);
  const [state, setState] = useState<LandingData>(() => initial(drawnWith));
  useEffect(() => {
    if (drawnWith) {
      forgetDrawnLanding();
      warmPhotos(drawnWith.photos);
      return;
    }
    let alive = true;
    void Promise.all([getPublicCompany(), loadGallery()]).then(([company, photos]) => {
      if (!alive) return;
      warmPhotos(photos);
      setState({ loading: false, company: company.ok ? company.data : null, photos, drawn: false });
    });
    return () => {
      alive = false;
    };
  }, [drawnWith]);
  return state;
}

export const INTRO_MS = 3_000;

/**
 * How long the intro has been on screen when the page takes it over: a page the server drew shows
 * it from its first contentful paint; a page drawn here shows it from now.
 */
export function introShownMs(drawn: boolean, perf: Pick<Performance, 'now' | 'getEntriesByName'> | undefined = globalThis.performance): number {
  if (!drawn || !perf?.getEntriesByName) return 0;
  const fcp = perf.getEntriesByName('first-contentful-paint')[0];
  return fcp ? Math.max(0, perf.now() - fcp.startTime) : 0;
}

/**
 * True for the 3 seconds of the intro screen (spec §9), counted from when it appeared: once `start`
 * is true, minus what a server-drawn intro (`drawn`) has been showing already.
 */
export function useIntro(start: boolean, drawn = false): boolean {
  const [showing, setShowing] = useState(true);
  useEffect(() => {
    if (!start) return;
    const t = setTimeout(() => setShowing(false), Math.max(0, INTRO_MS - introShownMs(drawn)));
    return () => clearTimeout(t);
  }, [start, drawn]);
  return showing;
}

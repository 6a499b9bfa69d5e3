/**
 * The IBGE list of municipalities (schemas/municipios.ts), loaded on demand: ~100 kB kept out of
 * the app's first download, fetched the first time a Município field is shown (and precached by
 * the service worker like every other chunk, so it works offline). One load per page.
 */
import { useEffect, useState } from 'react';

export type MunicipiosModule = typeof import('@shared/municipios');

let loading: Promise<MunicipiosModule> | null = null;
let loaded: MunicipiosModule | null = null;

export function loadMunicipios(): Promise<MunicipiosModule> {
  if (!loading) {
    loading = import('@shared/municipios').then((m) => (loaded = m));
    // A failed load (a chunk missing after an update) is tried again next time.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** The list once loaded (null until then, or when it could not be loaded). */
export function useMunicipios(): MunicipiosModule | null {
  const [mod, setMod] = useState<MunicipiosModule | null>(loaded);
  useEffect(() => {
    if (mod) return;
    let live = true;
    loadMunicipios().then(
      (m) => live && setMod(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [mod]);
  return mod;
}

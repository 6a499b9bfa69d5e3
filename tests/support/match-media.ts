/** jsdom has no matchMedia (the kit's dialogs ask for it): a desktop that matches no query. */
export function stubMatchMedia(): void {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = ((q: string) => ({
    matches: false, media: q, onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

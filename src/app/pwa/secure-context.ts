/**
 * Whether this page runs on an insecure origin: plain http on an address that is not this machine
 * (a shop's LAN IP or name). Browsers give service workers, installation and parts of `crypto`
 * only to secure contexts, so there the app works online but cannot be installed nor open
 * without signal (README "Celulares e HTTPS").
 */
export function isInsecureOrigin(win: Pick<Window, 'isSecureContext'> | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  return win !== undefined && win.isSecureContext === false;
}

/**
 * Taking over a page the server drew (/quotation/:code): its buttons show, and look ready, before
 * React has attached their handlers — the entry and the route module must download and run first.
 */
import type { createBrowserRouter } from 'react-router-dom';

type Router = ReturnType<typeof createBrowserRouter>;

/** Resolves once the router has loaded the lazy modules of the first route (it renders nothing before). */
export function routerReady(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Holds clicks on the page's buttons until React has the page, then clicks them again: a customer
 * who presses Aceitar while the page is still being taken over is not ignored. Call the returned
 * function right after hydrateRoot (React hydrates at once to handle a click).
 */
export function holdEarlyClicks(container: HTMLElement): () => void {
  const held: HTMLButtonElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && container.contains(button)) {
      held.push(button);
      // A submit button (Aceitar / Recusar are forms, for a tap before any script) would post
      // the page away: the script is here now, so it answers the replayed click itself.
      event.preventDefault();
    }
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    for (const button of held.splice(0)) if (button.isConnected) button.click();
  };
}

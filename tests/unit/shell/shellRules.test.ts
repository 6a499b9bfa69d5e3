import { describe, expect, it } from 'vitest';
import { nextTopBarVisible } from '../../../src/features/shell/topBarVisibility';
import {
  isSidebarShortcut,
  parseSidebarCookie,
  sidebarCookieString,
} from '../../../src/features/shell/sidebarCookie';
import { routeTitle } from '../../../src/features/shell/navigation';

describe('mobile top bar scroll rule', () => {
  it('stays visible while scrolling down within the first 50 px', () => {
    expect(nextTopBarVisible(true, 0, 30)).toBe(true);
    expect(nextTopBarVisible(true, 30, 50)).toBe(true);
  });
  it('hides when scrolling down past 50 px', () => {
    expect(nextTopBarVisible(true, 40, 60)).toBe(false);
    expect(nextTopBarVisible(true, 300, 400)).toBe(false);
  });
  it('shows again when scrolling up, even far down the page', () => {
    expect(nextTopBarVisible(false, 400, 390)).toBe(true);
  });
  it('always shows within 10 px of the top', () => {
    expect(nextTopBarVisible(false, 8, 9)).toBe(true);
    expect(nextTopBarVisible(false, 0, 10)).toBe(true);
  });
  it('keeps its state when the position does not change', () => {
    expect(nextTopBarVisible(false, 200, 200)).toBe(false);
  });
});

describe('sidebar cookie', () => {
  it('reads sidebar_state among other cookies', () => {
    expect(parseSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(parseSidebarCookie('sidebar_state=true')).toBe(true);
  });
  it('falls back (open) when missing or garbled', () => {
    expect(parseSidebarCookie('')).toBe(true);
    expect(parseSidebarCookie('sidebar_state=maybe')).toBe(true);
    expect(parseSidebarCookie('xsidebar_state=false')).toBe(true);
  });
  it('is written for 7 days on the whole site', () => {
    const c = sidebarCookieString(false);
    expect(c).toMatch(/^sidebar_state=false;/);
    expect(c).toContain('max-age=604800');
    expect(c).toContain('path=/');
  });
  it('round-trips through document.cookie', () => {
    document.cookie = sidebarCookieString(false);
    expect(parseSidebarCookie(document.cookie)).toBe(false);
    document.cookie = sidebarCookieString(true);
    expect(parseSidebarCookie(document.cookie)).toBe(true);
  });
  it('Ctrl+B and Cmd+B toggle; other combos do not', () => {
    const k = { key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isSidebarShortcut({ ...k, ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...k, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...k, key: 'B', ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut(k)).toBe(false);
    expect(isSidebarShortcut({ ...k, ctrlKey: true, shiftKey: true })).toBe(false);
  });
});

describe('mobile top-bar title', () => {
  it('follows the route', () => {
    expect(routeTitle('/adm/dashboard')).toBe('Dashboard');
    expect(routeTitle('/adm/quotations')).toBe('Orçamentos');
    expect(routeTitle('/adm/stock')).toBe('Estoque');
    expect(routeTitle('/adm/services')).toBe('Ordens de Serviço');
    expect(routeTitle('/adm/services/os-1')).toBe('Ordens de Serviço');
    expect(routeTitle('/adm/reports')).toBe('Relatórios');
    expect(routeTitle('/adm/settings/')).toBe('Configurações');
    expect(routeTitle('/adm/quotation/ORC-1')).toBe('Forja');
  });
  it("is 'Clientes' while the customer overlay is open", () => {
    expect(routeTitle('/adm/stock', true)).toBe('Clientes');
  });
});

import { useCallback, useEffect, useRef, useState } from 'react';
import { ERROR_MESSAGES, QUOTATION_LOCKS, type PublicQuotation, type QuotationAccessParams, type QuotationLock } from '@shared';
import type { ApiResult } from '../../data/public-api';
import {
  acceptPublicQuotation, clearQuotationsCache, getPublicQuotation, rejectPublicQuotation,
} from '../../data/public-api';
import { checkPageCode } from '../../domain/quotation-code';
import { notify } from '../../ui/notify';
import { PQ_MESSAGES as M } from './messages';
import { forgetPageQuotation, pageLock, pageQuotation } from './page-data';

export const AUTO_REFRESH_MS = 30_000;

/** The server refused the decision for how the quotation stands (409: expired or decided already). */
const isRefusal = (status: number) => status === 409;

export type QuotationState =
  | { phase: 'loading' }
  | { phase: 'ready'; quotation: PublicQuotation }
  /** Not found, invalid code or load failure: the not-found panel with this text. */
  | { phase: 'missing'; message: string }
  /**
   * Issue 30: opened without the link's secret (a typed code, an old link) or with wrong digits:
   * the question for the last 4 digits of the customer's phone (PhoneGate), and why.
   */
  | { phase: 'locked'; lock: QuotationLock; message: string };

const isLock = (code: string): code is QuotationLock => (QUOTATION_LOCKS as readonly string[]).includes(code);
const lockedState = (lock: QuotationLock): QuotationState => ({ phase: 'locked', lock, message: ERROR_MESSAGES[lock] });

/**
 * Loads the quotation of the route, refreshes it every 30 s (spec §4/§9) and runs the
 * customer's decisions, with `access` (the page address's `k` or `tel`). A failed background
 * refresh keeps what is on screen. A page the server drew starts from the quotation it was drawn
 * with (or from the question for the phone digits): nothing to load, so no spinner.
 */
export function useQuotation(rawCode: string | undefined, access: QuotationAccessParams = {}) {
  const check = checkPageCode(rawCode);
  const code = check.ok ? check.code : null;
  const [drawnWith] = useState(() => (code ? pageQuotation(code) : null));
  const [drawnLock] = useState(() => (code && !drawnWith ? pageLock() : null));
  useEffect(() => {
    if (drawnWith || drawnLock) forgetPageQuotation();
  }, [drawnWith, drawnLock]);
  const [state, setState] = useState<QuotationState>(() => {
    if (!check.ok) return { phase: 'missing', message: check.message };
    if (drawnLock) return lockedState(drawnLock);
    return drawnWith ? { phase: 'ready', quotation: drawnWith } : { phase: 'loading' };
  });
  // Locked: nothing to refresh until the customer answers (each try would spend their budget).
  const locked = useRef(drawnLock !== null);
  const key = access.key ?? null;
  const phoneDigits = access.phoneDigits ?? null;
  const [refreshing, setRefreshing] = useState(false);
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const hasData = useRef(drawnWith !== null);

  /** What an answer means for the screen. first: on mount; retry: from the not-found panel. */
  const apply = useCallback(
    (res: ApiResult<PublicQuotation>, mode: 'first' | 'retry' | 'manual' | 'background') => {
      if (res.ok) {
        hasData.current = true;
        locked.current = false;
        setState({ phase: 'ready', quotation: res.data });
        return;
      }
      if (res.status === 403 && isLock(res.code)) {
        hasData.current = false;
        locked.current = true;
        setState(lockedState(res.code));
        return;
      }
      if (res.status === 404 || res.status === 400) {
        hasData.current = false;
        setState({ phase: 'missing', message: res.message });
        return;
      }
      if (mode !== 'background') notify({ type: 'error', title: M.loadFailure });
      if (!hasData.current) setState({ phase: 'missing', message: M.loadFailure });
    },
    [],
  );

  const load = useCallback(
    async (mode: 'retry' | 'manual' | 'background') => {
      if (!code || (mode === 'background' && locked.current)) return;
      if (mode === 'retry') setState({ phase: 'loading' });
      if (mode === 'manual') setRefreshing(true);
      const res = await getPublicQuotation(code, { key, phoneDigits });
      if (mode === 'manual') setRefreshing(false);
      apply(res, mode);
    },
    [code, apply, key, phoneDigits],
  );

  useEffect(() => {
    // An invalid code keeps its initial 'missing' state; the route remounts per code.
    if (!code) return;
    if (!drawnWith && !drawnLock) void getPublicQuotation(code, { key, phoneDigits }).then((res) => apply(res, 'first'));
    // The page's own read is what marks a quotation viewed: the server draws it without doing so
    // (whoever fetched the HTML — a link preview — is not the customer), so a first view still asks.
    else if (drawnWith?.viewed_at === null) void getPublicQuotation(code, { key, phoneDigits }).then((res) => apply(res, 'background'));
    const timer = setInterval(() => void load('background'), AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [code, load, apply, drawnWith, drawnLock, key, phoneDigits]);

  const accept = useCallback(async () => {
    if (!code || busy) return;
    setBusy('accept');
    const res = await acceptPublicQuotation(code, { key, phoneDigits });
    setBusy(null);
    if (res.ok) {
      setState({ phase: 'ready', quotation: res.data });
      clearQuotationsCache();
      notify({ type: 'success', title: M.acceptSuccess });
    } else if (isRefusal(res.status)) {
      // Past its validity date, or decided already: say why, and show how it stands now.
      notify({ type: 'error', title: M.acceptFailure, description: res.message });
      clearQuotationsCache();
      void load('background');
    } else {
      notify({ type: 'error', title: M.acceptFailure });
    }
  }, [code, busy, load, key, phoneDigits]);

  /** Resolves true when the quotation was rejected (the dialog then closes). */
  const reject = useCallback(
    async (reason: string) => {
      if (!code || busy) return false;
      setBusy('reject');
      const res = await rejectPublicQuotation(code, reason, { key, phoneDigits });
      setBusy(null);
      if (!res.ok && isRefusal(res.status)) {
        // Decided already (from another phone, or before a reload): nothing more to do here.
        notify({ type: 'error', title: M.rejectFailureText, description: res.message });
        clearQuotationsCache();
        void load('background');
        return true;
      }
      if (!res.ok) {
        notify({ type: 'error', title: M.rejectFailureTitle, description: M.rejectFailureText });
        return false;
      }
      setState({ phase: 'ready', quotation: res.data });
      clearQuotationsCache();
      notify({ type: 'warning', title: M.rejectedTitle, description: M.rejectedText });
      // Spec §4: after Recusar the page reloads the quotation.
      void load('background');
      return true;
    },
    [code, busy, load, key, phoneDigits],
  );

  return { code, state, refreshing, busy, refresh: () => load('manual'), retry: () => load('retry'), accept, reject };
}

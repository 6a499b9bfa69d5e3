/** This browser's identity for the server's device sessions (no RxDB here: light module). */
import { randomId } from '../random-id';

const DEVICE_ID_KEY = 'forja.device_id';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getDeviceId(): string {
  const s = storage();
  const existing = s?.getItem(DEVICE_ID_KEY);
  if (existing) return existing;
  const id = randomId();
  s?.setItem(DEVICE_ID_KEY, id);
  return id;
}

/** 'Chrome em Android', 'Safari em iOS', 'Firefox em Windows'… from a user agent string. */
export function deviceNameFrom(ua: string): string {
  const browser = /Edg(A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Navegador';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'dispositivo desconhecido';
  return `${browser} em ${os}`;
}

export function getDeviceName(): string {
  return deviceNameFrom(typeof navigator === 'undefined' ? '' : navigator.userAgent ?? '');
}

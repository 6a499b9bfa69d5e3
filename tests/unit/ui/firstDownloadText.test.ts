/** Issue 33 §3: what a list says while its collection's first download into this device is not finished. */
import { describe, expect, test } from 'vitest';
import { awaitingFirstDownload, firstDownloadText } from '../../../src/ui/firstDownloadText';
import { combinedFirstDownload } from '../../../src/data/db/first-download';

const at = (stored: number, total: number | null, online = true) => ({ done: false, stored, total, online });

describe('firstDownloadText', () => {
  test('says how far the download got, in pt-BR numbers, out of the server total when known', () => {
    expect(firstDownloadText(at(1200, 20000))).toBe('Baixando dados da oficina… 1.200 de 20.000');
    expect(firstDownloadText(at(0, 1500))).toBe('Baixando dados da oficina… 0 de 1.500');
    expect(firstDownloadText(at(1200, null))).toBe('Baixando dados da oficina… 1.200');
    expect(firstDownloadText(at(0, null))).toBe('Baixando dados da oficina…');
  });

  test('a server with nothing to send (total 0) reads as downloading, never "0 de 0"', () => {
    expect(firstDownloadText(at(0, 0))).toBe('Baixando dados da oficina…');
  });

  test('never more stored than the total (a document changed during the download arrives twice)', () => {
    expect(firstDownloadText(at(1600, 1500))).toBe('Baixando dados da oficina… 1.500 de 1.500');
  });

  test('offline before the data came: says so, not "no data"', () => {
    expect(firstDownloadText(at(0, null, false))).toBe('Sem conexão: os dados da oficina ainda não foram baixados neste aparelho.');
  });
});

describe('awaitingFirstDownload', () => {
  test('an empty list is "no data" only once the download has finished', () => {
    expect(awaitingFirstDownload({ done: false }, true)).toBe(true);
    expect(awaitingFirstDownload({ done: true }, true)).toBe(false);
    expect(awaitingFirstDownload({ done: false }, false)).toBe(false);
  });
});

describe('combinedFirstDownload', () => {
  test('finished when every collection is; the total known when every one is', () => {
    const a = { done: true, stored: 500, total: 500 };
    const b = { done: false, stored: 1000, total: 20000 };
    expect(combinedFirstDownload([a, b])).toEqual({ done: false, stored: 1500, total: 20500 });
    expect(combinedFirstDownload([a, { ...b, total: null }])).toEqual({ done: false, stored: 1500, total: null });
    expect(combinedFirstDownload([a, { ...b, done: true }]).done).toBe(true);
  });
});

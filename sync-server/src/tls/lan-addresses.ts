/** The names phones on the shop's network can use for this machine (LAN mode's certificate). */
import os from 'node:os';
import type { LanNames } from './lan-ca';

/** IPv4 addresses of the machine's network cards, loopback and link-local left out. */
export function lanAddresses(interfaces = os.networkInterfaces()): string[] {
  const found = new Set<string>();
  for (const list of Object.values(interfaces)) {
    for (const info of list ?? []) {
      if (info.internal || info.family !== 'IPv4' || info.address.startsWith('169.254.')) continue;
      found.add(info.address);
    }
  }
  return [...found].sort();
}

/** Every name in the certificate: hostname (and its .local mDNS name), localhost, the LAN addresses, 127.0.0.1. */
export function lanNames(hostname = os.hostname(), addresses = lanAddresses()): LanNames {
  const host = hostname.trim().toLowerCase();
  const dns = new Set<string>();
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host)) {
    dns.add(host);
    if (!host.includes('.')) dns.add(`${host}.local`);
  }
  dns.add('localhost');
  return { dns: [...dns], ips: [...addresses, '127.0.0.1'] };
}

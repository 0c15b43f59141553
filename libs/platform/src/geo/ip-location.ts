import IP2Region from 'ip2region';

/**
 * The poster's and the login log's IP location, from the offline ip2region database shipped in its npm package
 * (no network call, ~0.01 ms a lookup). Only the region is kept: the IP itself does not travel in events.
 */
let database: IP2Region | undefined;

export function ipLocationOf(ip: string | undefined): string | null {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  try {
    database ??= new IP2Region();
    const found = database.search(address);
    if (!found) return null;
    if (found.city === '内网IP') return '内网IP';
    const parts = found.country === '中国' ? [found.province, found.city] : [found.country, found.province];
    const location = [...new Set(parts.filter((part) => part))].join(' ');
    return location || found.country || null;
  } catch {
    return null;
  }
}

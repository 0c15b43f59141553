import type { CommandMetadata } from '@forum/contracts';

/** The address stays out of stored events (DOMAIN: no IPs in events). */
export function withoutAddress(meta: CommandMetadata): CommandMetadata {
  const { ip: _ip, ...actor } = meta.actor;
  return { ...meta, actor };
}

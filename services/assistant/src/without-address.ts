import type { CommandMetadata } from '@forum/contracts';

/** The address stays out of stored events (docs/rules/README.md: no IP addresses in events). */
export function withoutAddress(meta: CommandMetadata): CommandMetadata {
  const { ip: _ip, ...actor } = meta.actor;
  return { ...meta, actor };
}

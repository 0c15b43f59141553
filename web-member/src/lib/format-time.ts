const formats = new Map<string, Intl.DateTimeFormat>();
let displayTimeZone: string | undefined;

/**
 * The zone dates are shown in; undefined (the default) is the browser's. A server-rendered page is hydrated in the
 * server's zone, then shows the reader's (`main.tsx`, ADR 37), so a reader elsewhere keeps the server's markup.
 */
export function setDisplayTimeZone(zone: string | undefined): void {
  displayTimeZone = zone;
}

/** A server timestamp as a medium date and short time in the interface language (the text itself when unparseable). */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language === 'zh' ? 'zh-CN' : 'en-US';
  // One formatter per language and zone: making one costs far more than formatting (a page formats dozens of dates).
  const key = `${locale}|${displayTimeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: displayTimeZone });
    formats.set(key, format);
  }
  return format.format(date);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A server timestamp as a medium date and short time in the interface language (the text itself when unparseable). */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language === 'zh' ? 'zh-CN' : 'en-US';
  // One formatter per language: making one costs far more than formatting (a page formats dozens of dates).
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, format);
  }
  return format.format(date);
}

/**
 * Content HTML from the server (already sanitized there with an allow-list). `<hide>` and `<player>` are the
 * only custom elements; they reach the page through the browser's own parser as native elements, so React
 * never treats them as components and prints no unknown-tag warnings.
 */
export function RichContent({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-content ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />;
}

import { Fragment } from 'react';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/**
 * Renders the server's highlighted text (escaped text with `<mark>` around matches) as React nodes: `<mark>` is the
 * only element made, everything else becomes text, so nothing a document contains can turn into markup here even
 * if the server's escaping were ever wrong.
 */
export function Highlighted({ html }: { html: string }) {
  const parts = html.split(/<mark>(.*?)<\/mark>/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? <mark key={index}>{decode(part)}</mark> : <Fragment key={index}>{decode(part)}</Fragment>,
      )}
    </>
  );
}

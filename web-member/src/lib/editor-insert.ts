/**
 * Lets a feature hand an image to whichever rich editor is open (the AI assistant's "insert", spec: `insertImage`
 * with 30 and the URL) without importing the editor: the editor registers itself while mounted, the latest wins.
 */
type Inserter = (url: string) => void;

const inserters: Inserter[] = [];

export function registerImageInserter(insert: Inserter): () => void {
  inserters.push(insert);
  return () => {
    const index = inserters.lastIndexOf(insert);
    if (index >= 0) inserters.splice(index, 1);
  };
}

/** Inserts into the open editor; false when no editor is open (the caller shows the insert error). */
export function insertImageIntoEditor(url: string): boolean {
  const insert = inserters.at(-1);
  if (!insert) return false;
  insert(url);
  return true;
}

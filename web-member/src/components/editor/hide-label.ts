import type { NodeViewRenderer } from '@tiptap/core';
import type { I18n, TFunction } from '@/lib/translator';
import { formatUnlockPrice } from '@/lib/unlock-price';

/**
 * What the author reads over a hidden block in the editor: who will see it, in words ("Password: hike2026",
 * "Visible after replying", "Visible after paying ¥1.99"), never the stored codes (`10`, fen).
 */
export function hideLabel(type: string, value: string, t: TFunction): string {
  switch (type) {
    case '10':
    case '20':
    case '30':
      return t(`forum.editor.hideLabel.${type}`, { value });
    case '40':
    case '50':
      return t(`forum.editor.hideLabel.${type}`, { price: formatUnlockPrice(Number(type), Number(value), t) });
    default:
      return t('forum.editor.hideBlock', { type });
  }
}

/**
 * The `<hide>` node as the editor shows it: its label (not editable, follows the interface language) above the
 * block's content. Only the view: the document, and so the HTML saved, is the node's own (`hide-node.ts`).
 */
export function hideLabelView(i18n: I18n): NodeViewRenderer {
  return ({ node: initial }) => {
    let node = initial;
    const dom = document.createElement('hide');
    const label = document.createElement('span');
    label.className = 'rich-editor__hide-label';
    label.contentEditable = 'false';
    const contentDOM = document.createElement('div');
    dom.append(label, contentDOM);
    const render = () => {
      label.textContent = hideLabel(String(node.attrs.type), String(node.attrs.value ?? ''), i18n.t);
    };
    render();
    i18n.on('languageChanged', render);
    return {
      dom,
      contentDOM,
      update(updated) {
        if (updated.type !== node.type) return false;
        node = updated;
        render();
        return true;
      },
      // The label is the view's own text: the editor must not read it back as content.
      ignoreMutation: (mutation) => mutation.type !== 'selection' && label.contains(mutation.target),
      destroy: () => i18n.off('languageChanged', render),
    };
  };
}

import { mergeAttributes, Node } from '@tiptap/core';

/** The hidden-content types the editor offers: password, comment, grade, points price, balance price. */
export const EDITOR_HIDE_TYPES = ['10', '20', '30', '40', '50'] as const;

/**
 * `<hide type="T" value="V" data-block-id="ID">…</hide>` as a block node holding other blocks, so a topic's hidden
 * content survives being loaded into the editor and saved again exactly as the server stores it. The block id is
 * the server's (ADR 0025): sent back untouched on edit so readers keep the blocks they unlocked; a new block has
 * none (the server names it), and a copy keeps the original's, which the server replaces on the copy.
 */
export const HideNode = Node.create({
  name: 'hide',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      type: {
        default: '10',
        parseHTML: (element) => element.getAttribute('type') ?? '10',
        renderHTML: (attributes) => ({ type: String(attributes.type) }),
      },
      value: {
        default: '',
        parseHTML: (element) => element.getAttribute('value') ?? '',
        renderHTML: (attributes) => (attributes.value ? { value: String(attributes.value) } : {}),
      },
      blockId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-block-id'),
        renderHTML: (attributes) => (attributes.blockId ? { 'data-block-id': String(attributes.blockId) } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'hide' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['hide', mergeAttributes(HTMLAttributes), 0];
  },
});

/** The editor content to insert for a new hidden block (an empty paragraph to type into). */
export function hideContent(type: string, value: string) {
  return {
    type: 'hide',
    attrs: { type, value: type === '20' ? '' : value },
    content: [{ type: 'paragraph' }],
  };
}

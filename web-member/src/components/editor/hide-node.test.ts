import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { hideContent, HideNode } from './hide-node';

// Every editor is destroyed: a live one keeps a DOM observer timer that would fire after the test environment is gone.
const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()));

const editorWith = (content: string) => {
  const editor = new Editor({ extensions: [StarterKit, HideNode], content });
  editors.push(editor);
  return editor;
};

describe('the <hide> editor node', () => {
  it('keeps password, comment and grade blocks exactly as the server stores them', () => {
    const html =
      '<p>Open</p><hide type="10" value="s3cret &quot;x&quot;"><p>Password content</p></hide>' +
      '<hide type="20"><p>For commenters</p></hide><hide type="30" value="500"><p>For veterans</p><ul><li><p>list</p></li></ul></hide>';
    expect(editorWith(html).getHTML()).toBe(html);
  });

  it('inserts a new block of the chosen type (a comment block carries no value)', () => {
    const current = editorWith('<p>Text</p>');
    current.chain().focus('end').insertContent(hideContent('10', 'pw')).run();
    current.chain().focus('end').insertContent(hideContent('20', 'ignored')).run();
    const html = current.getHTML();
    expect(html).toContain('<hide type="10" value="pw"><p></p></hide>');
    expect(html).toContain('<hide type="20"><p></p></hide>');
    // And what was inserted loads back unchanged.
    expect(editorWith(html).getHTML()).toBe(html);
  });
});

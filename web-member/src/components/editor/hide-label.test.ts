import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { hideLabel, hideLabelView } from './hide-label';
import { HideNode } from './hide-node';

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()));

const blocks =
  '<hide type="10" value="hike2026"><p>a</p></hide><hide type="20"><p>b</p></hide>' +
  '<hide type="30" value="500"><p>c</p></hide><hide type="40" value="5"><p>d</p></hide>' +
  '<hide type="50" value="199"><p>e</p></hide>';

describe('hidden block labels in the editor', () => {
  it('say who sees each block, in English and Chinese, never the stored codes', () => {
    const labels = (language: 'en' | 'zh') => {
      const { t } = createI18n(language);
      return [
        hideLabel('10', 'hike2026', t),
        hideLabel('20', '', t),
        hideLabel('30', '500', t),
        hideLabel('40', '5', t),
        hideLabel('50', '199', t),
      ];
    };
    expect(labels('en')).toEqual([
      'Password: hike2026',
      'Visible after replying',
      'Visible with 500 points or more',
      'Visible after paying 5 points',
      'Visible after paying ¥1.99',
    ]);
    expect(labels('zh')).toEqual([
      '密码: hike2026',
      '回复可见',
      '积分达到 500 可见',
      '支付 5 积分 可见',
      '支付 ¥1.99 可见',
    ]);
  });

  it('show over each block, follow the language, and leave the saved HTML as it was', async () => {
    const i18n = createI18n('en');
    const editor = new Editor({
      element: document.createElement('div'),
      extensions: [StarterKit, HideNode.extend({ addNodeView: () => hideLabelView(i18n) })],
      content: blocks,
    });
    editors.push(editor);
    const shown = () =>
      [...editor.view.dom.querySelectorAll('.rich-editor__hide-label')].map((label) => label.textContent);
    expect(shown()).toEqual([
      'Password: hike2026',
      'Visible after replying',
      'Visible with 500 points or more',
      'Visible after paying 5 points',
      'Visible after paying ¥1.99',
    ]);
    expect(editor.view.dom.textContent).not.toMatch(/hide \d+/);
    await i18n.changeLanguage('zh');
    expect(shown()[0]).toBe('密码: hike2026');
    expect(editor.getHTML()).toBe(blocks);
  });
});

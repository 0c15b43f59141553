import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { flattenTags } from './forum-api';
import { renderForum } from './render-forum';
import { TagCreate, TagList } from './TagList';

afterEach(cleanup);

const tree = {
  items: [
    {
      tagId: 'tech',
      name: 'Tech',
      parentId: null,
      sort: 0,
      leaf: false,
      children: [
        { tagId: 'rust', name: 'Rust', parentId: 'tech', sort: 0, leaf: true, children: [] },
        { tagId: 'go', name: 'Go', parentId: 'tech', sort: 1, leaf: true, children: [] },
      ],
    },
    { tagId: 'life', name: 'Life', parentId: null, sort: 1, leaf: true, children: [] },
  ],
};

describe('the tag tree editor', () => {
  it('flattens the tree depth first, parents above their children', () => {
    expect(flattenTags(tree.items).map(({ id, depth, path }) => [id, depth, path])).toEqual([
      ['tech', 0, 'Tech'],
      ['rust', 1, 'Tech / Rust'],
      ['go', 1, 'Tech / Go'],
      ['life', 0, 'Life'],
    ]);
  });

  it('shows the tree in order, in Chinese', async () => {
    renderForum(<TagList />, { resource: 'tags', language: 'zh', routes: { 'GET /api/forum/tags': { json: tree } } });
    await screen.findByText('Rust');
    const names = screen.getAllByRole('row').map((row) => row.textContent ?? '');
    expect(names.findIndex((text) => text.includes('Tech'))).toBeLessThan(
      names.findIndex((text) => text.includes('Rust')),
    );
    expect(names.findIndex((text) => text.includes('Go'))).toBeLessThan(
      names.findIndex((text) => text.includes('Life')),
    );
    expect(screen.getByText('可发话题')).toBeTruthy();
  });

  it('creates a top-level tag with a null parent (the API’s strict body)', async () => {
    const { sent } = renderForum(<TagCreate />, {
      resource: 'tags',
      routes: {
        'GET /api/forum/tags': { json: tree },
        'POST /api/forum/tags': { status: 201, json: { tagId: 'new', visible: true } },
      },
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Music' } });
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toEqual({ name: 'Music', parentId: null, sort: 0 });
  });
});

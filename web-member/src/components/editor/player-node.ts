import { Node } from '@tiptap/core';

/**
 * `<player data-video-id="…">`: an uploaded video, as an atom block, so a topic's videos survive being loaded
 * into the editor and saved again exactly as the server's sanitizer keeps them (the id only).
 */
export const PlayerNode = Node.create({
  name: 'player',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      videoId: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-video-id') ?? '',
        renderHTML: (attributes) => ({ 'data-video-id': String(attributes.videoId) }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'player[data-video-id]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['player', HTMLAttributes];
  },
});

/** The editor content to insert for an uploaded video. */
export function playerContent(videoId: string) {
  return { type: 'player', attrs: { videoId } };
}

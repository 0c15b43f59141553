import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import sharp from 'sharp';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { contentKey, FileStorage } from '@forum/platform';
import { ForumModule } from '../forum.module';
import { cleanEditorImage } from '../uploads/editor-image';
import { TopicCommands } from './topic.commands';
import { TopicQueries } from './topic-queries';
import { postTopicBody } from './topic.schemas';

/** The demo picture: drawn here (hills under a sky), so the repository carries no binary for it. */
const HILLS_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#7cc4f5"/><stop offset="1" stop-color="#e8f6ff"/></linearGradient></defs>
  <rect width="480" height="270" fill="url(#sky)"/>
  <circle cx="380" cy="70" r="32" fill="#ffd54f"/>
  <path d="M0 210 L90 120 L170 190 L260 90 L360 200 L430 150 L480 180 L480 270 L0 270 Z" fill="#4e8f5a"/>
  <path d="M0 240 L120 190 L240 235 L350 200 L480 240 L480 270 L0 270 Z" fill="#2f6b3c"/>
</svg>`;

export const DEMO_PHOTO_TOPIC_TITLE = '周末爬山照片 · Photos from the weekend hike';
export const DEMO_MARKDOWN_TOPIC_TITLE = 'Markdown 写作示例 · Written in Markdown';

/** The demo Markdown post (ADR 0033): what the editor's Markdown mode accepts, a hidden block included. */
const DEMO_MARKDOWN = `## 路线 · The route

1. 北门出发 · Start at the north gate
2. 沿**山脊**走到观景台 · Follow the **ridge** to the lookout
3. 原路返回 · Back the same way

> 带够水！Bring enough water!

\`\`\`text
距离 Distance: 12 km
爬升 Climb:    650 m
\`\`\`

详见 [地图 · the map](https://www.openstreetmap.org/).

:::hide comment
集合地点在停车场东侧 · We meet at the east end of the car park.
:::
`;

/**
 * What the staff and the other demo member make of the demo topics, through the same commands as the console and
 * the editor: the welcome topic pinned, the ledger topic made essence, and a topic by `readerId` with a picture
 * (stored as the editor's upload stores it) that @-mentions the demo member, who gets the reminder. Each step has
 * its own idempotency key; a repeated pin or essence only sets the same value again.
 */
export async function seedDemoTopicHighlights(
  app: NestFastifyApplication,
  {
    staffId,
    readerId,
    memberNickname,
    pinTitle,
    essenceTitle,
    tagId,
  }: {
    staffId: string;
    readerId: string;
    memberNickname: string;
    pinTitle: string;
    essenceTitle: string;
    tagId: string;
  },
): Promise<{ photoTopicId: string }> {
  const forum = app.select(ForumModule);
  const topics = forum.get(TopicCommands);
  const staff = { kind: 'staff' as const, id: staffId, ip: '127.0.0.1' };
  const reader = { kind: 'member' as const, id: readerId, ip: '127.0.0.1' };
  const meta = (actor: CommandMetadata['actor'], key: string): CommandMetadata => ({
    actor,
    now: new Date(),
    correlationId: newId(),
    idempotencyKey: `demo-seed:topics:${key}`,
  });
  const list = await forum.get(TopicQueries).list({ page: 1, pageSize: 50, filter: 'all' }, staff);
  const idOf = (title: string) => list.items.find((row) => row.title === title)?.topicId;
  const pinned = idOf(pinTitle);
  if (pinned) await topics.pin(pinned, 10, meta(staff, 'pin'));
  const essence = idOf(essenceTitle);
  if (essence) await topics.essence(essence, true, meta(staff, 'essence'));

  const url = await storeEditorImage(app);
  const posted = await topics.post(
    {
      title: DEMO_PHOTO_TOPIC_TITLE,
      content:
        `<p>山顶的风景 · The view from the top.</p><p><img src="${url}" alt="hills" width="480" height="270"></p>` +
        `<p>@${memberNickname} 下次一起去吧！Come along next time!</p>`,
      tagIds: [tagId],
    },
    meta(reader, 'photo'),
  );
  // Written in the editor's Markdown mode: the body as the API receives it, converted on the way in.
  await topics.post(
    postTopicBody.parse({
      title: DEMO_MARKDOWN_TOPIC_TITLE,
      content: DEMO_MARKDOWN,
      format: 'markdown',
      tagIds: [tagId],
    }),
    meta(reader, 'markdown'),
  );
  return { photoTopicId: posted.topicId };
}

/** Draws the demo picture and stores it the way `POST /api/forum/uploads/images` does; answers its URL. */
async function storeEditorImage(app: NestFastifyApplication): Promise<string> {
  const png = await sharp(Buffer.from(HILLS_SVG)).png().toBuffer();
  const cleaned = await cleanEditorImage(png, 'image/png');
  const storage = app.get(FileStorage);
  const key = contentKey('forum/images', cleaned.bytes, 'png');
  await storage.put(key, cleaned.bytes, 'image/png');
  return storage.urlOf(key);
}

import 'reflect-metadata';
import { runService } from '@forum/platform';
import { ModerationModule } from './moderation.module';

/** The moderation context as its own process (distributed mode). */
void runService([ModerationModule]).then(({ url }) => console.log(`moderation service listening on ${url}`));

import 'reflect-metadata';
import { runService } from '@forum/platform';
import { ForumModule } from './forum.module';

/** The forum context as its own process (distributed mode). */
void runService([ForumModule]).then(({ url }) => console.log(`forum service listening on ${url}`));

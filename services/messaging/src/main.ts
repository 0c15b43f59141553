import 'reflect-metadata';
import { runService } from '@forum/platform';
import { MessagingModule } from './messaging.module';

/** The messaging context as its own process (distributed mode). */
void runService([MessagingModule]).then(({ url }) => console.log(`messaging service listening on ${url}`));

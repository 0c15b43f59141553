import 'reflect-metadata';
import { runService } from '@forum/platform';
import { AssistantModule } from './assistant.module';

/** The AI assistant context as its own process (distributed mode). */
void runService([AssistantModule]).then(({ url }) => console.log(`assistant service listening on ${url}`));

import 'reflect-metadata';
import { runService } from '@forum/platform';
import { QaModule } from './qa.module';

/** The Q&A context as its own process (distributed mode). */
void runService([QaModule]).then(({ url }) => console.log(`qa service listening on ${url}`));

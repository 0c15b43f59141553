import 'reflect-metadata';
import { runService } from '@forum/platform';
import { SearchModule } from './search.module';

/** The search context as its own process (distributed mode). */
void runService([SearchModule]).then(({ url }) => console.log(`search service listening on ${url}`));

import 'reflect-metadata';
import { runService } from '@forum/platform';
import { IdentityModule } from './identity.module';

/** The identity context as its own process (distributed mode). */
void runService([IdentityModule]).then(({ url }) => console.log(`identity service listening on ${url}`));

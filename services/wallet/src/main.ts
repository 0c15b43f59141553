import 'reflect-metadata';
import { runService } from '@forum/platform';
import { WalletModule } from './wallet.module';

/** The wallet context as its own process (distributed mode). */
void runService([WalletModule]).then(({ url }) => console.log(`wallet service listening on ${url}`));

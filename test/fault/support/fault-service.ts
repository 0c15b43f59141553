import 'reflect-metadata';
import { runService } from '@forum/platform';
import { ForumModule } from '../../../services/forum/src/forum.module';
import { IdentityModule } from '../../../services/identity/src/identity.module';
import { ModerationModule } from '../../../services/moderation/src/moderation.module';
import { WalletModule } from '../../../services/wallet/src/wallet.module';

/** The contexts of the fault tests' money flows in one service process, configured from the environment. */
void runService([IdentityModule, ModerationModule, ForumModule, WalletModule]).then(({ url }) =>
  console.log(`FAULT-SERVICE-READY ${url}`),
);

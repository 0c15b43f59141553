import { DynamicModule, Module, Type } from '@nestjs/common';
import type { AppConfig } from './config';
import { PlatformModule } from './platform.module';

/** The root of any process: the platform plus the bounded contexts it hosts (one, or all of them). */
@Module({})
export class AppRootModule {
  static hosting(config: AppConfig, contexts: Type[]): DynamicModule {
    return { module: AppRootModule, imports: [PlatformModule.forRoot(config), ...contexts] };
  }
}

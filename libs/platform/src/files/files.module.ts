import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { FileStorage } from './file-storage';
import { FilesController } from './files.controller';
import { LocalDiskStorage } from './local-disk.storage';

/**
 * The file storage port for every context of the process, and the one route that serves stored files.
 * Imported once by the platform module, so a process hosting several contexts registers the route once.
 */
@Global()
@Module({
  controllers: [FilesController],
  providers: [
    {
      provide: FileStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskStorage(config.FILE_STORAGE_DIR),
    },
  ],
  exports: [FileStorage],
})
export class FilesModule {}

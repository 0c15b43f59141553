export * from './file-storage';
export * from './local-disk.storage';
export * from './multipart-upload';
export * from './files.module';

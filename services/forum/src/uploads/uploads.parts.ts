import { UploadsController } from './uploads.controller';
import { VideoUploads } from './video-uploads';

/** The editor's image and video uploads: what the forum module mounts for them (needs its `PermissionChecker`). */
export const UPLOAD_CONTROLLERS = [UploadsController];
export const UPLOAD_PROVIDERS = [VideoUploads];

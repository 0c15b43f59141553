import { DraftStore } from './draft-store';
import { DraftsController } from './drafts.controller';

/** Editors' drafts: what the forum module mounts for them (ADR 0031). */
export const DRAFT_CONTROLLERS = [DraftsController];
export const DRAFT_PROVIDERS = [DraftStore];

import type { Translation } from '../en/translation';
import { firstZh } from './first';
import { moreZh } from './more';

/** 简体中文。键必须与英文完全一致（类型和测试都会检查）。 */
export const zh: Translation = {
  ...firstZh,
  ...moreZh,
};

import { useEffect } from 'react';
import { applySiteInfo } from '@/stores/app-state';
import { useBaseInfo } from '../api/get-base-info';

/** Keeps the shared state in step with /baseInfo when it is fetched again (e.g. after a language switch). */
export function SiteInfoSync() {
  const { data } = useBaseInfo();
  useEffect(() => {
    if (data) applySiteInfo(data);
  }, [data]);
  return null;
}

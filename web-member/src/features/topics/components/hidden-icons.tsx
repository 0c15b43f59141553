import { useTranslation } from '@/lib/translator';

const SYMBOL: Record<string, string> = { '10': '🔑', '20': '💬', '30': '⭐', '40': '🪙', '50': '💰' };

/** One icon per hidden-content type a topic holds (`hideTagTypeMap`), open or closed for this reader. */
export function HiddenIcons({ map }: { map: Record<string, boolean> }) {
  const { t } = useTranslation();
  const types = Object.keys(map).sort();
  if (!types.length) return null;
  return (
    <span className="hidden-icons">
      {types.map((type) => {
        const label = t(map[type] ? 'forum.hiddenIconUnlocked' : 'forum.hiddenIcon', {
          type: t(`forum.hideType.${type}`),
        });
        return (
          <span
            key={type}
            className={`hidden-icon${map[type] ? ' hidden-icon--open' : ''}`}
            role="img"
            aria-label={label}
            title={label}
          >
            {SYMBOL[type] ?? '🔒'}
          </span>
        );
      })}
    </span>
  );
}

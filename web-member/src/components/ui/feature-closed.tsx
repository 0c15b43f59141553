/** A capability the staff switched off: their message, else the standard text. */
export function FeatureClosed({ message, fallback }: { message?: string | null; fallback: string }) {
  return (
    <div className="feature-closed" role="alert">
      <p>{message?.trim() ? message : fallback}</p>
    </div>
  );
}

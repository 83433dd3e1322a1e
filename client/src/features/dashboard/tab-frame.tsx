/**
 * A dashboard tab whose content is not part of this build yet: its heading and what will be
 * shown there, never stand-in data.
 */
export function TabFrame({ title, description }: { title: string; description: string }) {
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      <p className="rounded-xl border border-dashed border-line-strong bg-surface-muted px-5 py-8 text-sm text-ink-muted">
        {description}
      </p>
    </div>
  );
}

import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { DocsPage } from './docs-kit.tsx';
import { type FaqItem, faqCategories } from './faq-content.tsx';

function FaqEntry({
  item,
  open,
  onToggle,
}: {
  item: FaqItem;
  open: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <div className="border-b border-line last:border-b-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          id={`${id}-question`}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-ink hover:bg-surface-muted"
        >
          {item.q}
          <ChevronDownIcon
            className={cn(
              'size-5 shrink-0 text-ink-subtle transition-transform',
              open && 'rotate-180',
            )}
          />
        </button>
      </h3>
      <section
        id={`${id}-answer`}
        aria-labelledby={`${id}-question`}
        hidden={!open}
        className="px-5 pb-5 text-ink-muted leading-7 doc-inline"
      >
        {item.a}
      </section>
    </div>
  );
}

export function FaqPage() {
  // Keys are "category:index"; the very first question starts open, and any number may be open.
  const [open, setOpen] = useState<Set<string>>(() => new Set(['0:0']));
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <DocsPage
      eyebrow="Help & Support"
      title="Frequently Asked Questions"
      lead="Answers about setup, configuration and what to do when a signal does not trade."
    >
      <div className="not-prose space-y-10">
        {faqCategories.map((category, c) => (
          <section key={category.title} aria-labelledby={`faq-${c}`}>
            <h2 id={`faq-${c}`} className="text-xl font-semibold text-ink">
              {category.title}
            </h2>
            <div className="mt-4 overflow-hidden rounded-xl border border-line bg-surface">
              {category.items.map((item, i) => (
                <FaqEntry
                  key={item.q}
                  item={item}
                  open={open.has(`${c}:${i}`)}
                  onToggle={() => toggle(`${c}:${i}`)}
                />
              ))}
            </div>
          </section>
        ))}
      </div>
    </DocsPage>
  );
}

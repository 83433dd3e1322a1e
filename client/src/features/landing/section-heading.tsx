import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function SectionHeading({
  eyebrow,
  title,
  text,
  align = 'center',
}: {
  eyebrow: string;
  title: string;
  text?: string;
  align?: 'center' | 'left';
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-xl'}>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{title}</h2>
      {text && <p className="mt-4 text-lg text-ink-muted">{text}</p>}
    </div>
  );
}

/** A landing card: a mark (icon or step number), a title and its text, then anything more. */
export function LandingCard({
  as: Tag = 'div',
  mark,
  title,
  text,
  children,
}: {
  as?: 'div' | 'li';
  mark: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Tag className="relative rounded-xl border border-line bg-surface p-6 shadow-xs">
      {mark}
      <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
      <p className="mt-2 text-sm leading-6 text-ink-muted">{text}</p>
      {children}
    </Tag>
  );
}

/** A landing page band: its centred heading, then the content below it. */
export function LandingSection({
  id,
  className,
  children,
  ...heading
}: {
  id: string;
  className?: string;
  eyebrow: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={cn('py-20', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading {...heading} />
        {children}
      </div>
    </section>
  );
}

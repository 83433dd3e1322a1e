import { Children, type ReactElement, type ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { CheckIcon, PlayIcon } from '../../components/icons.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { cn } from '../../lib/cn.ts';
import { useInstallProgress } from './install-progress.ts';

/** Optional walkthrough video, set at build time; the link is shown only when there is one. */
const installVideoUrl = import.meta.env.VITE_INSTALL_VIDEO_URL;

type StepProps = { title: string; children: ReactNode };

/** One step of a `StepGuide`: the guide lists its title and shows its content when current. */
export function GuideStep({ children }: StepProps) {
  return children;
}

/**
 * A guide of `GuideStep`s shown one at a time, with a list of the steps, the progress and
 * Previous / Mark as Complete / Next; the progress is kept in this browser.
 */
export function StepGuide({ children }: { children: ReactNode }) {
  const steps = Children.toArray(children) as ReactElement<StepProps>[];
  const { completed, current, goTo, toggleComplete, reset } = useInstallProgress(steps.length);
  const step = steps[current] ?? steps[0]!;
  const done = completed.includes(current);

  return (
    <div>
      <div className="not-prose flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-ink" aria-live="polite">
          {completed.length} of {steps.length} steps completed
        </p>
        <div className="flex items-center gap-3">
          {installVideoUrl && (
            <a
              href={installVideoUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
            >
              <PlayIcon className="size-4" /> Watch the installation video
            </a>
          )}
          {completed.length > 0 && (
            <Button variant="ghost" size="sm" onClick={reset}>
              Reset progress
            </Button>
          )}
        </div>
      </div>
      <ProgressBar
        label="Installation progress"
        value={completed.length}
        max={steps.length}
        className="not-prose mt-2"
      />

      <div className="mt-8 grid gap-8 md:grid-cols-[14rem_1fr]">
        <ol aria-label="Installation steps" className="not-prose space-y-1">
          {steps.map((s, index) => {
            const isDone = completed.includes(index);
            return (
              <li key={s.key}>
                <button
                  type="button"
                  onClick={() => goTo(index)}
                  aria-current={index === current ? 'step' : undefined}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm',
                    index === current
                      ? 'bg-brand-50 font-medium text-brand-700'
                      : 'text-ink-muted hover:bg-surface-sunken',
                  )}
                >
                  <span
                    className={cn(
                      'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                      isDone
                        ? 'bg-brand-600 text-white'
                        : 'border border-line-strong text-ink-muted',
                    )}
                  >
                    {isDone ? <CheckIcon className="size-3.5" /> : index + 1}
                  </span>
                  <span>
                    {s.props.title}
                    {isDone && <span className="sr-only"> (completed)</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>

        <section
          aria-labelledby="install-step-title"
          className="rounded-2xl border border-line bg-surface p-6 shadow-sm"
        >
          <p className="not-prose text-xs font-semibold tracking-wide text-ink-subtle uppercase">
            Step {current + 1} of {steps.length}
          </p>
          <h2 id="install-step-title" className="not-prose mt-1 text-xl font-semibold text-ink">
            {step.props.title}
          </h2>
          <div className="mt-3">{step}</div>
          <div className="not-prose mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5">
            <Button variant="outline" onClick={() => goTo(current - 1)} disabled={current === 0}>
              Previous
            </Button>
            <Button
              variant={done ? 'secondary' : 'primary'}
              onClick={() => toggleComplete(current)}
              aria-pressed={done}
            >
              {done ? (
                <>
                  <CheckIcon className="size-4" /> Completed
                </>
              ) : (
                'Mark as Complete'
              )}
            </Button>
            <Button
              variant="outline"
              onClick={() => goTo(current + 1)}
              disabled={current === steps.length - 1}
            >
              Next
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}

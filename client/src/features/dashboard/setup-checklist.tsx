import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { CheckIcon } from '../../components/icons.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { ErrorState } from '../../components/states.tsx';
import { toast } from '../../components/toast.tsx';
import { cn } from '../../lib/cn.ts';
import { setupQuery } from '../shared/setup-progress.ts';
import { type SetupStep, setupSteps } from './setup-steps.ts';

function StepItem({ step, done, number }: { step: SetupStep; done: boolean; number: number }) {
  return (
    <li
      className={cn(
        'flex gap-3 rounded-lg border p-3',
        done ? 'border-green-200 bg-profit-soft/40' : 'border-line bg-surface',
      )}
      data-done={done}
    >
      <span
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
          done ? 'bg-profit text-white' : 'bg-brand-50 text-brand-700 ring-1 ring-brand-200',
        )}
        aria-hidden="true"
      >
        {done ? <CheckIcon className="size-4" /> : number}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-ink">
          {step.title}
          <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
        </p>
        <p className="mt-0.5 text-sm text-ink-muted">{done ? 'Done.' : step.description}</p>
        {!done && (
          <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-sm">
            {step.links.map((link) => (
              <Link
                key={link.label}
                to={link.to}
                hash={link.hash}
                activeOptions={{ includeHash: true }}
                activeProps={{}}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {link.label}
              </Link>
            ))}
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * The dashboard's setup checklist (issue 20): license copied → EA connected → test signal
 * received → first live alert, each ticked by the server from real events. Shown until all
 * four are done, then never again; nothing shows while it loads, so a finished user never
 * sees it flash.
 */
export function SetupChecklist() {
  // Live: reloaded after every (re)connect, when an EA connects, when another device recorded a
  // step, and when a signal could tick an open one (stores/live-queries.ts).
  const { data: progress, isError: failed, refetch } = useQuery(setupQuery);
  // Celebrates only a finish seen here, not every later visit.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (progress && !progress.done) wasOpen.current = true;
    if (progress?.done && wasOpen.current) {
      wasOpen.current = false;
      toast.success('Setup complete: your TradingView alerts now reach MetaTrader.');
    }
  }, [progress]);

  if (!progress) {
    if (!failed) return null;
    return (
      <ErrorState
        inline
        message="Could not load your setup checklist."
        onRetry={() => void refetch()}
        className="mb-6"
      />
    );
  }
  if (progress.done) return null;

  const count = setupSteps.filter((step) => progress[step.key]).length;
  return (
    <section
      aria-labelledby="setup-checklist-title"
      className="mb-6 rounded-xl border border-brand-200 bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="setup-checklist-title" className="text-base font-semibold text-ink">
          Get set up
        </h2>
        <p className="text-sm text-ink-muted">
          {count} of {setupSteps.length} done
        </p>
      </div>
      <ProgressBar
        label="Setup progress"
        value={count}
        max={setupSteps.length}
        className="mt-3 h-1.5"
      />
      <ol className="mt-4 grid gap-3 sm:grid-cols-2 2xl:grid-cols-4">
        {setupSteps.map((step, index) => (
          <StepItem key={step.key} step={step} done={progress[step.key]} number={index + 1} />
        ))}
      </ol>
    </section>
  );
}

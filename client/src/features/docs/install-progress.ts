import { useEffect, useState } from 'react';
import { z } from 'zod';

const storageKey = 'signalrelay.install-guide.v1';

/** What was stored, read leniently: a part that is missing or damaged starts over. */
const storedProgress = z.object({
  completed: z.array(z.number().int()).catch([]),
  current: z.number().int().catch(0),
});

type Progress = z.infer<typeof storedProgress>;

function read(stepCount: number): Progress {
  const inRange = (n: number) => n >= 0 && n < stepCount;
  try {
    const stored = storedProgress.parse(JSON.parse(localStorage.getItem(storageKey) ?? '{}'));
    return {
      completed: [...new Set(stored.completed.filter(inRange))],
      current: inRange(stored.current) ? stored.current : 0,
    };
  } catch {
    // Private mode or a damaged value: start over rather than break the page.
    return { completed: [], current: 0 };
  }
}

/** The installation guide's progress (completed steps and the open step), kept across reloads. */
export function useInstallProgress(stepCount: number) {
  const [progress, setProgress] = useState<Progress>(() => read(stepCount));

  useEffect(() => {
    try {
      localStorage.setItem(storageKey, JSON.stringify(progress));
    } catch {
      // Storage full or disabled: progress simply lasts for this visit.
    }
  }, [progress]);

  const goTo = (step: number) =>
    setProgress((p) => ({ ...p, current: Math.min(stepCount - 1, Math.max(0, step)) }));

  /** Marks a step done and moves on to the next one; marking again undoes it. */
  const toggleComplete = (step: number) =>
    setProgress((p) =>
      p.completed.includes(step)
        ? { ...p, completed: p.completed.filter((n) => n !== step) }
        : {
            completed: [...p.completed, step].sort((a, b) => a - b),
            current: Math.min(stepCount - 1, step + 1),
          },
    );

  const reset = () => setProgress({ completed: [], current: 0 });

  return { ...progress, goTo, toggleComplete, reset };
}

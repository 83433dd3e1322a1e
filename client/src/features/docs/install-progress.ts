import { useCallback, useEffect, useState } from 'react';

const storageKey = 'signalrelay.install-guide.v1';

type Progress = { completed: number[]; current: number };

function read(stepCount: number): Progress {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Partial<Progress> | null;
    const completed = Array.isArray(raw?.completed)
      ? raw.completed.filter((n) => Number.isInteger(n) && n >= 0 && n < stepCount)
      : [];
    const current =
      Number.isInteger(raw?.current) && (raw?.current ?? -1) >= 0 && (raw?.current ?? 0) < stepCount
        ? (raw?.current as number)
        : 0;
    return { completed: [...new Set(completed)], current };
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

  const goTo = useCallback(
    (step: number) =>
      setProgress((p) => ({ ...p, current: Math.min(stepCount - 1, Math.max(0, step)) })),
    [stepCount],
  );

  /** Marks a step done and moves on to the next one; marking again undoes it. */
  const toggleComplete = useCallback(
    (step: number) =>
      setProgress((p) => {
        if (p.completed.includes(step)) {
          return { ...p, completed: p.completed.filter((n) => n !== step) };
        }
        return {
          completed: [...p.completed, step].sort((a, b) => a - b),
          current: Math.min(stepCount - 1, step + 1),
        };
      }),
    [stepCount],
  );

  const reset = useCallback(() => setProgress({ completed: [], current: 0 }), []);

  return { ...progress, goTo, toggleComplete, reset };
}

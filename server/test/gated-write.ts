/** For batching code: a write that records each batch and finishes when the test says so. */
export function gatedWrite<R>(answer: (items: number[]) => R) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const write = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    return answer(items);
  };
  const openNext = () => gates.shift()?.();
  return { write, batches, openNext };
}

/** Lets every callback queued so far run (promise jobs and one turn of I/O). */
export const tick = () => new Promise((resolve) => setImmediate(resolve));

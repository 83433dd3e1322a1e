/** Resolves with the first truthy value of `check`, polling every 10 ms; fails after `ms`. */
export async function until<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 5000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${ms} ms`);
    await sleep(10);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `promise`, unless `ms` pass first: then a rejection with `error()`. The timer is cleared as
 * soon as either settles. `promise` itself goes on: what becomes of it is the caller's (close
 * the connection it holds, release what it brings later).
 */
export function within<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), ms);
  });
  return Promise.race([promise, timeUp]).finally(() => clearTimeout(timer));
}

/**
 * Periodic work over many members, a slice at a time: members are spread over `slices` sets
 * as they join, and one interval of `periodMs / slices` visits the next set. Each member is
 * visited once per period, and no turn carries them all. The server renews executor leases
 * this way; the reference EA's heartbeats, thousands in one process, ping this way.
 */
export function slicedInterval<T>(
  periodMs: number,
  slices: number,
  visit: (members: ReadonlySet<T>) => void,
) {
  const sets = Array.from({ length: slices }, () => new Set<T>());
  const setOf = new Map<T, Set<T>>();
  let next = 0;
  let cursor = 0;
  const timer = setInterval(
    () => {
      const set = sets[cursor++ % slices]!;
      if (set.size > 0) visit(set);
    },
    Math.max(1, periodMs / slices),
  );
  // What the members do keeps the process alive, not their periodic work.
  timer.unref();
  return {
    /** Adding a member already here changes nothing: it stays in its slice. */
    add(member: T) {
      if (setOf.has(member)) return;
      const set = sets[next++ % slices]!;
      set.add(member);
      setOf.set(member, set);
    },
    delete(member: T) {
      setOf.get(member)?.delete(member);
      setOf.delete(member);
    },
    get size() {
      return setOf.size;
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export type SlicedInterval<T> = ReturnType<typeof slicedInterval<T>>;

import { setFlagsFromString } from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring for this process, before traffic starts.
 *
 * V8 watches where object and array literals are made. When most objects from one place
 * survive a scavenge while the young generation is at its largest, it allocates that place's
 * objects in the old generation from then on. A relay with 1,000 EAs meets that rule in its
 * first seconds (connection records, cache entries, in-flight queries), and V8 then tenured
 * sixty-odd places, among them pg's `{ name, text, values }` of every query and our
 * per-signal records. Objects born old that point at young ones keep those alive through
 * every scavenge until the next mark-compact, so each alert's parameters, rows and promises
 * were promoted though nothing used them a millisecond later.
 *
 * Off, the relay promotes half as much (2.5-2.9 % of what it allocates against 5.1-5.4 % at
 * 500 alerts/s), its old generation grows half as fast, so mark-compacts come half as often,
 * and scavenges are shorter (load-tests/RESULTS.md, thirty-sixth session). Long-lived
 * objects are copied once more through the young generation; that cost did not show in CPU
 * per signal.
 *
 * A V8 flag set at run time affects what V8 decides from then on, which is what this needs:
 * V8 reads it when it weighs the survival counts, at each scavenge.
 */
export function keepNewObjectsYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}

/**
 * A process that V8 pretenures into: objects from one literal outlive scavenges while
 * short-lived garbage grows the young generation to its largest. Run it with
 * `--trace-pretenuring-statistics`; pass `young` to call `keepNewObjectsYoung()` first.
 */
import { keepNewObjectsYoung } from '../src/young-objects.ts';

if (process.argv[2] === 'young') keepNewObjectsYoung();

const kept = new Array<unknown>(200_000);
let last: unknown;
const entry = (i: number) => ({ i, at: i * 2 });
const garbage = (i: number) => ({ i, text: `x${i}` });
for (let round = 0; round < 4000; round++) {
  for (let j = 0; j < 200; j++) kept[(round * 200 + j) % kept.length] = entry(round * 200 + j);
  for (let j = 0; j < 2000; j++) last = garbage(j);
}
console.log(`probe done: ${kept.length} kept, last ${JSON.stringify(last)}`);

import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './bench-args.ts';

describe('--server-node-args', () => {
  it('passes each flag to the server processes, in order', () => {
    const args = parseBenchArgs([
      '--scenario=steady',
      '--server-node-args=--max-semi-space-size=32  --trace-gc',
    ]);
    expect(args.serverNodeArgs).toEqual(['--max-semi-space-size=32', '--trace-gc']);
  });

  it('runs the servers with no flags of their own by default', () => {
    expect(parseBenchArgs(['--scenario=steady']).serverNodeArgs).toEqual([]);
  });

  it('refuses what is not a flag, naming it', () => {
    expect(() => parseBenchArgs(['--server-node-args=--trace-gc main.js'])).toThrow(
      '--server-node-args takes Node flags starting with "--", not "main.js"',
    );
  });
});

describe('--floor-work', () => {
  it('takes the CPU milliseconds the worked floor spends on each alert', () => {
    expect(parseBenchArgs(['--scenario=floors', '--floor-work=0.45']).floorWork).toBe(0.45);
    expect(parseBenchArgs(['--scenario=floors']).floorWork).toBeUndefined();
  });

  it('refuses what is not a number of milliseconds, naming it', () => {
    expect(() => parseBenchArgs(['--floor-work=half'])).toThrow(
      '--floor-work must be a number ≥ 0, not "half"',
    );
  });
});

/**
 * A bench's targets: each figure held against its target is printed with PASS or FAIL on its line,
 * and at the end the misses are listed and the bench exits non-zero when there is one. A bench that
 * measured but missed fails like one that could not measure.
 */
export function benchTargets(bench: string) {
  const missed: string[] = [];
  return {
    /** Records a figure against its target; the text to print on the figure's line. */
    verdict(ok: boolean, target: string, figure: string): string {
      if (!ok) missed.push(`${target} (${figure})`);
      return `(target ${target}, ${ok ? 'PASS' : 'FAIL'})`;
    },
    /** Prints the misses and exits non-zero when there is one. */
    finish(): void {
      if (missed.length === 0) {
        console.log(`${bench} targets met`);
        return;
      }
      console.log(`${bench} targets missed:\n  ${missed.join('\n  ')}`);
      process.exit(1);
    },
  };
}

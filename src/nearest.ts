/** Did-you-mean: the kit's verbs and flags suggest the nearest name to one mistyped (a leaf: no imports). */
/** The name nearest to a mistyped one (edit distance at most 2, or a prefix of at least 3 letters), if any. */
export function nearestOf(word: string, names: readonly string[]): string | undefined {
  const distance = (a: string, b: string): number => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++)
        next[j] = Math.min(
          row[j]! + 1,
          next[j - 1]! + 1,
          row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
      row = next;
    }
    return row[b.length]!;
  };
  const lower = word.toLowerCase();
  const scored = names
    .map((name) => ({
      name,
      d: lower.length >= 3 && name.startsWith(lower) ? 0 : distance(lower, name),
    }))
    .filter(({ d }) => d <= Math.min(2, Math.floor(word.length / 2)))
    .sort((a, b) => a.d - b.d);
  return scored[0]?.name;
}

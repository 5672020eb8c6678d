/**
 * The reader of the benches' whole-number options: a value (underscores allowed, as in 1_200_000) of at least `min`,
 * or the usage and exit code 2.
 */
export function wholeOption(usage: string): (name: string, text: string, min?: number) => number {
  return (name, text, min = 1) => {
    const value = Number(text.replace(/_/g, ''));
    if (!Number.isInteger(value) || value < min) {
      console.error(`--${name} must be a whole number of at least ${min} (got "${text}").\n${usage}`);
      process.exit(2);
    }
    return value;
  };
}

/**
 * A bounded memo for pure functions of one string key. Serializing a page repeats the same conversions
 * (rendered descriptions, time zones, relative dates) on every request; remembering them removes most of
 * the CPU time of a read. The map is simply emptied when full: the working set refills it at once.
 */
export function memoize<T>(compute: (key: string) => T, capacity = 20_000): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as T;
    const answer = compute(key);
    if (answers.size >= capacity) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}

/** Case-insensitive, trimmed comparison of names and labels (spec section 5). */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');
}

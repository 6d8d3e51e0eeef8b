/**
 * The German catalogue: `de`, every text by section (de.ts), and `deStart`, the part the first
 * script reads (start.ts).
 */
export * as de from './de';
export { deStart } from './start';

/** The one seeded generator of the randomised tests lives in common (server tests use it too). */
export { seededRandom } from '@werkboard/common';

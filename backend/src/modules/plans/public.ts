/** What other modules may use of plans besides its services and module (the lint's module boundary): an author's post length limit. */
export { postLimitOf } from './plan-limits';

/**
 * What other modules may use of safety besides its services, guards and module (the lint's module
 * boundary): the hide rule a list of posts applies (Hiding, in SQL or in process), the SQL
 * predicates other modules' statements embed to respect blocks and mutes, and the block's steps
 * another module registers.
 */
export { accountsOnly, hiddenConditions, hidesPost, hidingOf, NOTHING_HIDDEN, type Hiding } from './hiding';
export { blockedBetweenSql, blockedOrMuted, mutedWordsPatternSql, mutesSql } from './safety.sql';
export { BlockSteps } from './block-steps';

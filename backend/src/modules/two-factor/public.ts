/**
 * What other modules (and tests) may use of two-factor besides its service and module: the clock
 * its codes and pending sign-ins read, so a test can move it.
 */
export { TwoFactorClock } from './two-factor-clock';

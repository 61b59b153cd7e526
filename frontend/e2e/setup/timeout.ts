// A whole member flow (sign-up, several pages, live pushes) takes 5–15 s on a quiet machine and several
// times that beside the other lanes of `npm test` on two cores; a test's own waits bound each step.
jest.setTimeout(120_000);

import { takeCspViolations } from '../support';

// Every browser suite ends with no Content-Security-Policy violation on any page it opened.
afterAll(() => {
  expect(takeCspViolations()).toEqual([]);
});

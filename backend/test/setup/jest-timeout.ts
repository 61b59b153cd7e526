// An integration suite boots apps, signs members in (argon2) and waits for subscriptions: seconds on a quiet
// machine, tens of seconds beside the other lanes of `npm test` on two cores. No bound here is a speed target.
jest.setTimeout(60000);

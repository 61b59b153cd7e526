import { useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { LIMITS } from '@cloud9/contracts';
import { afterDelayWhenIdle } from '../lib/idle';

/**
 * Whether the first screen is done: the queries it asked for have all answered and the browser is
 * idle, or, at the latest, LIMITS.afterFirstScreenMs (then an idle moment) after mounting. For work
 * nothing on screen waits for, which would otherwise share a phone's network and main thread with
 * the screen's own code and data.
 */
export function useFirstScreenDone(): boolean {
  const fetching = useIsFetching();
  const [asked, setAsked] = useState(false);
  const [done, setDone] = useState(false);
  if (fetching > 0 && !asked) setAsked(true);
  const answered = asked && fetching === 0;
  useEffect(() => afterDelayWhenIdle(() => setDone(true), LIMITS.afterFirstScreenMs), []);
  useEffect(() => (answered ? afterDelayWhenIdle(() => setDone(true), 0) : undefined), [answered]);
  return done;
}

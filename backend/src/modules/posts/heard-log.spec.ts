import { HeardLog } from './heard-log';

describe('HeardLog', () => {
  it('answers what was heard between two marks, and is unsure once some of it is no longer held', () => {
    const log = new HeardLog<string>(3);
    const start = log.mark();
    expect(log.between(start)).toEqual([]);
    log.add(['a']);
    const afterA = log.mark();
    log.add(['b', 'c']);
    expect(log.between(start)).toEqual(['a', 'b', 'c']);
    expect(log.between(afterA)).toEqual(['b', 'c']);
    expect(log.between(start, afterA)).toEqual(['a']);
    expect(log.between(afterA, afterA)).toEqual([]);
    log.add(['d']);
    expect(log.between(start)).toBeUndefined();
    expect(log.between(afterA)).toEqual(['b', 'c', 'd']);
    expect(log.between(afterA, afterA + 1)).toEqual(['b']);
  });
});

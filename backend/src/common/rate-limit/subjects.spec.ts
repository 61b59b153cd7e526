import { ipSubject } from './subjects';

describe('ipSubject', () => {
  it('keeps an IPv4 address whole, also when IPv4-mapped', () => {
    expect(ipSubject('203.0.113.9')).toBe('ip:203.0.113.9');
    expect(ipSubject('::ffff:203.0.113.9')).toBe('ip:203.0.113.9');
    expect(ipSubject('::FFFF:127.0.0.1')).toBe('ip:127.0.0.1');
  });

  it('counts IPv6 addresses per /64, whatever their spelling', () => {
    const subject = 'ip:2001:db8:85a3:8d3::/64';
    expect(ipSubject('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(subject);
    expect(ipSubject('2001:0db8:85a3:08d3::1')).toBe(subject);
    expect(ipSubject('2001:DB8:85A3:8D3:ffff::')).toBe(subject);
    expect(ipSubject('2001:db8:85a3:8d4::1')).not.toBe(subject);
    expect(ipSubject('::1')).toBe('ip:0:0:0:0::/64');
    expect(ipSubject('fe80::1%eth0')).toBe('ip:fe80:0:0:0::/64');
    expect(ipSubject('2001:db8::')).toBe('ip:2001:db8:0:0::/64');
    expect(ipSubject('64:ff9b::192.0.2.33')).toBe('ip:64:ff9b:0:0::/64');
  });

  it('never throws on a missing or odd address', () => {
    expect(ipSubject(undefined)).toBe('ip:unknown');
    expect(ipSubject('')).toBe('ip:unknown');
  });
});

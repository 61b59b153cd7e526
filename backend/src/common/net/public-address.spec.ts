import { hostOf, isLocalName, isPublicAddress, privateAddress } from './public-address';

describe('public addresses', () => {
  it.each(['1.1.1.1', '8.8.8.8', '93.184.215.14', '2606:4700::1111', '2a00:1450:4001:82a::200e'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    // IPv4: unspecified and 0.0.0.0/8, private, loopback, CGNAT (Alibaba's metadata 100.100.100.200), link-local (the metadata service), reserved, documentation, multicast, broadcast
    '0.0.0.0', '0.1.2.3', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.10', '127.0.0.1', '127.255.255.254', '100.64.0.1', '100.100.100.200',
    '169.254.169.254', '169.254.0.1', '192.0.0.8', '192.0.2.1', '198.18.0.1', '198.51.100.7', '203.0.113.9', '240.0.0.1', '224.0.0.1', '239.255.255.250', '255.255.255.255',
    // IPv6: unspecified, loopback, unique-local (AWS's metadata fd00:ec2::254), link-local, site-local, multicast, documentation, discard
    '::', '::1', 'fd12::1', 'fd00:ec2::254', 'fe80::1', 'fec0::1', 'ff02::1', 'ff0e::1', '2001:db8::1', '100::1',
    // IPv4 inside IPv6, whatever the IPv4 address: mapped, compatible, SIIT, NAT64 (well-known and local-use), 6to4, Teredo
    '::ffff:10.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:8.8.8.8', '::a00:1', '::808:808', '::ffff:0:10.0.0.1',
    '64:ff9b::a00:1', '64:ff9b::808:808', '64:ff9b:1::a00:1', '2002:a00:1::', '2002:7f00:1::', '2002:808:808::', '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    // outside 2000::/3: unassigned, never a public host
    '4000::1', 'e000::1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('is false for what is not an address', () => {
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
    expect(isPublicAddress('[::1]')).toBe(false);
  });

  it('judges a resolved name by all its addresses: any private one refuses it', () => {
    expect(privateAddress([{ address: '1.1.1.1', family: 4 }])).toBeNull();
    expect(privateAddress([{ address: '1.1.1.1', family: 4 }, { address: '2606:4700::1111', family: 6 }])).toBeNull();
    expect(privateAddress([{ address: '1.1.1.1', family: 4 }, { address: '127.0.0.1', family: 4 }])).toBe('127.0.0.1');
    expect(privateAddress([{ address: '::ffff:7f00:1', family: 6 }, { address: '1.1.1.1', family: 4 }])).toBe('::ffff:7f00:1');
    expect(privateAddress([])).toBeNull();
  });
});

describe('local names and URL hosts', () => {
  it.each(['localhost', 'a.localhost', 'intranet', 'printer.local', 'db.internal', 'metadata.google.internal', 'nas.lan', 'router.home.arpa', 'x.localdomain', 'mail.corp'])(
    '%s is local',
    (host) => {
      expect(isLocalName(host)).toBe(true);
    },
  );

  it.each(['example.com', 'news.bbc.co.uk', 'localhost.example.com', 'internal.example.org'])('%s is not local', (host) => {
    expect(isLocalName(host)).toBe(false);
  });

  it('gives the host as an address without brackets or a lower-case name without its trailing dot', () => {
    expect(hostOf(new URL('https://[::FFFF:127.0.0.1]:8443/x'))).toBe('::ffff:7f00:1');
    expect(hostOf(new URL('http://2130706433/'))).toBe('127.0.0.1');
    expect(hostOf(new URL('http://0x7f.1/'))).toBe('127.0.0.1');
    expect(hostOf(new URL('https://Example.COM./x'))).toBe('example.com');
  });
});

import { describe, expect, it } from 'vitest';
import { classifyAddress, classifyHostname, isAddressAllowed, parseIPv6 } from './address-rules';

describe('webhook address rules', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.169.254', 'forbidden'],
    ['fe80::1', 'forbidden'],
    ['febf::1', 'forbidden'],
    ['0.0.0.0', 'forbidden'],
    ['::', 'forbidden'],
    ['224.0.0.1', 'forbidden'],
    ['ff02::1', 'forbidden'],
    ['255.255.255.255', 'forbidden'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['172.32.0.1', 'public'],
    ['93.184.216.34', 'public'],
    ['2606:4700::1111', 'public'],
    ['100.128.0.1', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('judges IPv4 hidden in IPv6 as the IPv4 address it carries', () => {
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:7f00:1')).toBe('loopback');
    expect(classifyAddress('::ffff:169.254.169.254')).toBe('forbidden');
    expect(classifyAddress('64:ff9b::a9fe:a9fe')).toBe('forbidden');
    expect(classifyAddress('2002:7f00:0001::1')).toBe('loopback');
    expect(classifyAddress('::ffff:8.8.8.8')).toBe('public');
    expect(classifyAddress('::127.0.0.1')).toBe('forbidden');
  });

  it('refuses what it cannot read, zones included', () => {
    for (const text of ['', 'localhost', '1.2.3', '1.2.3.256', '01.2.3.4', 'fe80::1%eth0', '1::2::3', '12345::', ':::']) {
      expect(classifyAddress(text), text).toBe('forbidden');
    }
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toHaveLength(16);
    expect(parseIPv6('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseIPv6('1:2:3:4:5:6:7::8')).toBeNull();
  });

  it('allows private networks and loopback only when the hook says so, link-local never', () => {
    expect(isAddressAllowed('8.8.8.8', false)).toBe(true);
    expect(isAddressAllowed('127.0.0.1', false)).toBe(false);
    expect(isAddressAllowed('127.0.0.1', true)).toBe(true);
    expect(isAddressAllowed('10.0.0.5', true)).toBe(true);
    expect(isAddressAllowed('169.254.169.254', true)).toBe(false);
    expect(isAddressAllowed('0.0.0.0', true)).toBe(false);
  });

  it('reads a URL host before any DNS: literals, localhost, single-label and .local names', () => {
    expect(classifyHostname('[::1]')).toBe('loopback');
    expect(classifyHostname('LOCALHOST.')).toBe('loopback');
    expect(classifyHostname('app.localhost')).toBe('loopback');
    expect(classifyHostname('printer.local')).toBe('private');
    expect(classifyHostname('intranet')).toBe('private');
    expect(classifyHostname('169.254.169.254')).toBe('forbidden');
    expect(classifyHostname('hooks.example.com')).toBe('name');
  });
});

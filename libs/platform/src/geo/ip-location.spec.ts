import { ipLocationOf } from './ip-location';

describe('ipLocationOf', () => {
  it('names the province and city of a Chinese address', () => {
    expect(ipLocationOf('114.114.114.114')).toBe('江苏省 南京市');
    expect(ipLocationOf('::ffff:223.5.5.5')).toBe('浙江省 杭州市');
  });

  it('names the country of a foreign address and says when the address is internal', () => {
    expect(ipLocationOf('8.8.8.8')).toBe('美国');
    expect(ipLocationOf('127.0.0.1')).toBe('内网IP');
  });

  it('answers null for nothing or garbage', () => {
    expect(ipLocationOf(undefined)).toBeNull();
    expect(ipLocationOf('not an ip')).toBeNull();
  });
});

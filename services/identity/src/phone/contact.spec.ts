import { contactHash, maskEmail, maskPhone, normalizeContact } from './contact';

describe('contacts', () => {
  it('masks numbers and addresses for display', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('12345')).toBe('1***5');
    expect(maskEmail('Abcdef@Example.com')).toBe('ab***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });

  it('treats spellings of one number or address as the same key', () => {
    expect(normalizeContact('phone', ' 138-1234 5678 ')).toBe('13812345678');
    expect(contactHash('email', 'Ann@Example.com')).toBe(contactHash('email', ' ann@example.com'));
    expect(contactHash('phone', '13812345678')).not.toBe(contactHash('email', '13812345678'));
  });
});

import { createHash } from 'node:crypto';

export type ContactKind = 'phone' | 'email';

/** Spaces, dashes and brackets people type in a number are not part of it. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s()-]/g, '');
}

/** Addresses are compared case-insensitively: `Ann@Example.com` and `ann@example.com` are one mailbox here. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normalizeContact(kind: ContactKind, value: string): string {
  return kind === 'phone' ? normalizePhone(value) : normalizeEmail(value);
}

/**
 * The key under which a phone or address is reserved, looked up and throttled: reservation events are
 * published to every context, so they carry this hash and never the number itself.
 */
export function contactHash(kind: ContactKind, value: string): string {
  return createHash('sha256')
    .update(`${kind}:${normalizeContact(kind, value)}`)
    .digest('hex');
}

/** `13812345678` → `138****5678`; short numbers keep only their first and last digit. */
export function maskPhone(phone: string): string {
  const digits = normalizePhone(phone);
  if (digits.length >= 8) return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
  return `${digits.slice(0, 1)}***${digits.slice(-1)}`;
}

/** `abcdef@example.com` → `ab***@example.com`. */
export function maskEmail(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  const local = normalized.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${normalized.slice(at)}`;
}

export function maskContact(kind: ContactKind, value: string): string {
  return kind === 'phone' ? maskPhone(value) : maskEmail(value);
}

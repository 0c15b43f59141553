/** A row of `GET /api/identity/staff/members`. */
export interface StaffMember {
  id: string;
  account: string;
  /** `null` once the account is cancelled. */
  nickname: string | null;
  kind: 'member' | 'staff';
  state: 'enabled' | 'disabled' | 'cancelled';
  registeredAt: string;
}

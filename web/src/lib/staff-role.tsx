import { createContext, useContext, type ReactNode } from 'react';
import { roleMay, type Permission, type StaffRole } from '@shared/staff-roles';

const StaffRoleContext = createContext<StaffRole | null>(null);
const StaffIdContext = createContext<string | null>(null);

/**
 * The signed-in staff member's role, for the console's screens (the app sets
 * it from the session). Screens only hide what the role may not use; the
 * server refuses it anyway (decision 167).
 */
export function StaffRoleProvider({
  role,
  userId = null,
  children,
}: {
  role: StaffRole | null;
  /** The signed-in staff member's account id (the lists' Mine view). */
  userId?: string | null;
  children: ReactNode;
}) {
  return (
    <StaffRoleContext.Provider value={role}>
      <StaffIdContext.Provider value={userId}>{children}</StaffIdContext.Provider>
    </StaffRoleContext.Provider>
  );
}

/** The signed-in staff member's account id (null outside the console). */
export function useStaffUserId(): string | null {
  return useContext(StaffIdContext);
}

export function useStaffRole(): StaffRole | null {
  return useContext(StaffRoleContext);
}

/** Whether the signed-in staff member's role grants the permission (false outside the console). */
export function useMay(permission: Permission): boolean {
  return roleMay(useStaffRole(), permission);
}

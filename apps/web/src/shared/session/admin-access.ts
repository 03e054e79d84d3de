import type { AdminMe } from '@crossmart/contract';
import { createContext, useContext } from 'react';

/** The signed-in admin and the routes their role may call (GET /api/admin/me); the frame provides it. */
export const AdminAccessContext = createContext<AdminMe | null>(null);

/** Whether the signed-in admin may call `METHOD /api/admin/route` (buttons follow the permission table). */
export function useAllowed(key: string): boolean {
  return useContext(AdminAccessContext)?.allowed.includes(key) ?? false;
}

import { createContext, useContext } from 'react';
import type { RouteDef } from '../paths';

export const RouteContext = createContext<RouteDef | null>(null);

/** The route definition of the screen being shown. */
export function useCurrentRoute(): RouteDef {
  const route = useContext(RouteContext);
  if (!route) throw new Error('useCurrentRoute outside a screen');
  return route;
}

import type { RouteDef } from '../../paths';

/* The markets list. Its words are the shell's (market rows appear on Home and Trade too). */

export const marketsRoutes: readonly RouteDef[] = [
  { name: 'index1', load: () => import('./markets-screen') },
];

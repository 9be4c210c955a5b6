import {
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  LineChartOutlined,
  RiseOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SlidersOutlined,
  UploadOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import type { AdminPath } from './api';

/** A menu group: its screens show under one heading in the side menu, in the table's order. */
export type MenuGroup = 'Reviews' | 'Markets';

/**
 * One screen of the console. The side menu, the router and the role gate all read this table: a screen
 * whose `endpoint` the operator's roles cannot call is neither in the menu nor reachable. A new screen is one
 * entry here (its path, its words, its call, its lazily loaded component).
 */
export interface ScreenRoute {
  /** Under `/admin`: `/deposits` is `/admin/deposits`. */
  readonly path: string;
  readonly label: string;
  readonly group?: MenuGroup;
  readonly icon: ReactNode;
  /** The call the screen needs to show anything. */
  readonly endpoint: AdminPath;
  readonly screen: LazyExoticComponent<ComponentType>;
}

export const ROUTES: readonly ScreenRoute[] = [
  {
    path: '/',
    label: 'Dashboard',
    icon: <DashboardOutlined />,
    endpoint: '/admin/dashboard',
    screen: lazy(() => import('./screens/overview')),
  },
  {
    path: '/users',
    label: 'Users',
    icon: <UserOutlined />,
    endpoint: '/admin/users/search',
    screen: lazy(() => import('./screens/users')),
  },
  {
    path: '/deposits',
    label: 'Deposits',
    icon: <BankOutlined />,
    endpoint: '/admin/deposits/list',
    screen: lazy(() => import('./screens/deposits')),
  },
  {
    path: '/withdrawals',
    label: 'Withdrawals',
    icon: <UploadOutlined />,
    endpoint: '/admin/withdrawals/list',
    screen: lazy(() => import('./screens/withdrawals')),
  },
  {
    path: '/reviews/identity',
    label: 'Identity',
    group: 'Reviews',
    icon: <IdcardOutlined />,
    endpoint: '/admin/kyc/list',
    screen: lazy(() => import('./screens/kyc')),
  },
  {
    path: '/reviews/merchants',
    label: 'Merchants',
    group: 'Reviews',
    icon: <ShopOutlined />,
    endpoint: '/admin/shop/merchants',
    screen: lazy(() => import('./screens/merchants')),
  },
  {
    path: '/reviews/products',
    label: 'Products',
    group: 'Reviews',
    icon: <ShoppingOutlined />,
    endpoint: '/admin/shop/products',
    screen: lazy(() => import('./screens/products')),
  },
  {
    path: '/reviews/leads',
    label: 'Lead traders',
    group: 'Reviews',
    icon: <RiseOutlined />,
    endpoint: '/admin/copy/leadApplications',
    screen: lazy(() => import('./screens/lead-traders')),
  },
  {
    path: '/markets/instruments',
    label: 'Instruments',
    group: 'Markets',
    icon: <SlidersOutlined />,
    endpoint: '/admin/settings/list',
    screen: lazy(() => import('./screens/instruments')),
  },
  {
    path: '/markets/state',
    label: 'Market state',
    group: 'Markets',
    icon: <LineChartOutlined />,
    endpoint: '/admin/market/state',
    screen: lazy(() => import('./screens/market-state')),
  },
  {
    path: '/programs',
    label: 'Programs',
    icon: <GiftOutlined />,
    endpoint: '/admin/earn/plans',
    screen: lazy(() => import('./screens/programs')),
  },
  {
    path: '/content',
    label: 'Content',
    icon: <FileTextOutlined />,
    endpoint: '/admin/content/list',
    screen: lazy(() => import('./screens/content')),
  },
  {
    path: '/settings',
    label: 'Settings',
    icon: <SettingOutlined />,
    endpoint: '/admin/settings/list',
    screen: lazy(() => import('./screens/settings')),
  },
  {
    path: '/audit',
    label: 'Audit log',
    icon: <FileSearchOutlined />,
    endpoint: '/admin/audit/list',
    screen: lazy(() => import('./screens/audit')),
  },
  {
    path: '/operators',
    label: 'Operators',
    icon: <UserSwitchOutlined />,
    endpoint: '/admin/operators/list',
    screen: lazy(() => import('./screens/operators')),
  },
];

/** Icons for the groups of the side menu. */
export const GROUP_ICONS: Record<MenuGroup, ReactNode> = {
  Reviews: <AuditOutlined />,
  Markets: <LineChartOutlined />,
};

import type { ResponseData } from '@nexa/contract';
import type { ReactNode } from 'react';
import type { AdminPath } from '../../api';

export type UserDetail = ResponseData<'/admin/users/detail'>;

/**
 * One tab of a user's page. Each domain's part of the console registers its tabs from its own file in this
 * folder (`registerUserTab({ id, title, endpoint, order, render })`); the page shows every registered tab,
 * so a domain that arrives with a tab edits no shared file.
 */
export interface UserTab {
  /** Its key among the tabs. */
  readonly id: string;
  readonly title: string;
  /** The call it needs to show anything: an operator whose roles cannot make it does not see the tab. */
  readonly endpoint: AdminPath;
  /** Where it stands among the tabs, lower first. */
  readonly order: number;
  readonly render: (user: UserDetail) => ReactNode;
}

const tabs = new Map<string, UserTab>();

/** Adds a tab to every user's page (a tab registered again under its id replaces itself, as on a reload). */
export function registerUserTab(tab: UserTab): UserTab {
  tabs.set(tab.id, tab);
  return tab;
}

/** The registered tabs in their order. */
export function userTabs(): readonly UserTab[] {
  return [...tabs.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

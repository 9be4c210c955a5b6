import type { ResponseData } from '@nexa/contract';
import { Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useConsole } from '../console';

type Sponsor = ResponseData<'/admin/operators/sponsors'>[number];

/** Who made each operator, loaded once per console page (the list changes rarely; a reload refreshes it). */
let cached: Promise<readonly Sponsor[]> | null = null;

function useSponsors(): readonly Sponsor[] {
  const { call, can } = useConsole();
  const [list, setList] = useState<readonly Sponsor[]>([]);
  useEffect(() => {
    if (!can('/admin/operators/sponsors')) return;
    cached ??= call('/admin/operators/sponsors', {}).catch(() => {
      cached = null;
      return [];
    });
    let live = true;
    void cached.then((l) => {
      if (live) setList(l);
    });
    return () => {
      live = false;
    };
  }, [call, can]);
  return list;
}

/**
 * Why approvals of money by these operators are not four independent eyes, or null: two of them were made
 * (or given their money role) by the same admin, one made the other, or one came through the single-admin
 * exception.
 */
export function sameAdminReason(approvers: readonly string[], sponsors: readonly Sponsor[]): string | null {
  const of = new Map(sponsors.map((s) => [s.name, s]));
  const sponsorOf = (name: string) => {
    const s = of.get(name);
    return s ? (s.granted_by ?? s.created_by) : null;
  };
  for (const [i, a] of approvers.entries()) {
    if (of.get(a)?.single_admin) return `${a} was made by the only admin, without a second one`;
    for (const b of approvers.slice(i + 1)) {
      const sa = sponsorOf(a);
      const sb = sponsorOf(b);
      if (sa !== null && sa === sb) return `${a} and ${b} were both made or granted their role by ${sa}`;
      if (sa === b) return `${b} made ${a} or granted its role`;
      if (sb === a) return `${a} made ${b} or granted its role`;
    }
  }
  return null;
}

/** A warning beside approvals of money that came from operators of the same admin. */
export function SameAdminFlag({ approvers }: { readonly approvers: readonly string[] }) {
  const sponsors = useSponsors();
  if (approvers.length < 2 && !approvers.some((a) => sponsors.find((s) => s.name === a)?.single_admin))
    return null;
  const why = sameAdminReason(approvers, sponsors);
  if (!why) return null;
  return (
    <Tooltip title={`Not independent: ${why}. Check this approval with another admin.`}>
      <Tag color="volcano" data-testid="same-admin-flag" style={{ marginLeft: 6 }}>
        same admin
      </Tag>
    </Tooltip>
  );
}

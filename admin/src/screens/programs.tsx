import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminPath } from '../api';
import { useConsole } from '../console';
import { ScreenTitle } from '../ui/screen';
import { EarnPanel } from './programs/earn';
import { GamesPanel } from './programs/games';
import { MiningPanel } from './programs/mining';
import { NftPanel } from './programs/nft';
import { CardsPanel, ClaimsPanel, NeuPanel } from './programs/other';
import { PlacementPanel } from './programs/placement';

/** One tab per program group, shown when the operator's roles may make its call. */
const TABS: readonly { key: string; label: string; endpoint: AdminPath; panel: () => ReactNode }[] = [
  { key: 'earn', label: 'Staking', endpoint: '/admin/earn/plans', panel: () => <EarnPanel /> },
  { key: 'mining', label: 'Mining', endpoint: '/admin/mining/lines', panel: () => <MiningPanel /> },
  { key: 'nft', label: 'NFT pools', endpoint: '/admin/nft/pools', panel: () => <NftPanel /> },
  {
    key: 'placement',
    label: 'Placement',
    endpoint: '/admin/placement/rounds',
    panel: () => <PlacementPanel />,
  },
  { key: 'games', label: 'Games', endpoint: '/admin/games/overview', panel: () => <GamesPanel /> },
  { key: 'neu', label: 'NEU fund', endpoint: '/admin/neu/fund', panel: () => <NeuPanel /> },
  {
    key: 'insurance',
    label: 'Insurance claims',
    endpoint: '/admin/insurance/claims',
    panel: () => <ClaimsPanel />,
  },
  { key: 'cards', label: 'Card shipping', endpoint: '/admin/cards/ship', panel: () => <CardsPanel /> },
];

/** Reward programs and their pools, plans, machines, rounds and funds; forms in drawers, money moves confirmed. */
export default function ProgramsScreen() {
  const { can } = useConsole();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((t) => can(t.endpoint));
  const active = tabs.find((t) => t.key === params.get('tab'))?.key ?? tabs[0]?.key;
  return (
    <>
      <ScreenTitle
        title="Programs"
        note="Pools against what they owe; plans, machines, rounds; funding from capital."
      />
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key })}
        destroyOnHidden
        items={tabs.map((t) => ({ key: t.key, label: t.label, children: t.panel() }))}
      />
    </>
  );
}

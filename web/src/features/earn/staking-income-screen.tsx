import { StakingIncomeScreen } from './income-screen';

/** Staking income (/node23): the staking profit paid to me, day by day. */
export default StakingIncomeScreen;

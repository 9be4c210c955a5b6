import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { QuizTab } from './quiz-tab';
import { RaceTab } from './race-tab';
import './games.css';

type Tab = 'race' | 'quiz';

/** The game lobby (/game): the race and the quiz, a tab each (`?tab=quiz`). */
export default function LobbyScreen(): ReactNode {
  const { t } = useTranslation('games');
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'quiz' ? 'quiz' : 'race';
  const setTab = (next: Tab) => setParams(next === 'race' ? {} : { tab: next }, { replace: true });
  return (
    <div className="games">
      <Tabs
        className="games__tabs"
        value={tab}
        onChange={setTab}
        label={t('games.tabsLabel')}
        items={[
          { key: 'race', label: t('games.tabRace') },
          { key: 'quiz', label: t('games.tabQuiz') },
        ]}
      />
      {!token ? (
        <SignInPrompt title={t('games.signInTitle')} body={t('games.signInBody')} />
      ) : tab === 'race' ? (
        <RaceTab />
      ) : (
        <QuizTab />
      )}
    </div>
  );
}

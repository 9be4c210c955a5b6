import type { ResponseData } from '@nexa/contract';
import { Button, Card, Col, Form, Input, InputNumber, Row, Space, Statistic, Switch } from 'antd';
import { useCallback, useState } from 'react';
import { useAction, useConsole } from '../../console';
import { type AskConfirm, useConfirmWithReason } from '../../ui/confirm-with-reason';
import { AmountField, FormDrawer } from '../../ui/form-drawer';
import { StatusTag, when } from '../../ui/format';
import { type Loaded, ProgramTable, useLoad } from './common';

type Overview = ResponseData<'/admin/games/overview'>;

interface QuizForm {
  id?: number;
  question: string;
  choices: string;
  answer: number;
  reward_tickets: number;
  time_limit_s: number;
  active: boolean;
}

/** Games: the fund against the tickets it backs, open groups and their pools, the quiz (add, change). */
export function GamesPanel() {
  const { call, can } = useConsole();
  const confirm = useConfirmWithReason();
  const overview = useLoad(useCallback(() => call('/admin/games/overview', {}), [call]));
  const [funding, setFunding] = useState(false);
  const [quiz, setQuiz] = useState<Partial<QuizForm> | null>(null);

  return (
    <>
      <FundCard overview={overview} onFund={can('/admin/games/fund') ? () => setFunding(true) : null} />
      <ProgramTable
        title="Open groups"
        rows={overview.data?.groups}
        loading={overview.loading}
        error={overview.error}
        rowKey={(g) => g.id}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: 'Status', render: (_, g) => <StatusTag status={g.status} /> },
          { title: 'Entrants', render: (_, g) => `${g.entrants}/${g.size}` },
          { title: 'Tickets', dataIndex: 'tickets', align: 'right' },
          { title: 'Pool (USDT)', dataIndex: 'pool', align: 'right' },
          { title: 'Opened', render: (_, g) => when(g.opened_at) },
          { title: 'Expires', render: (_, g) => when(g.expires_at) },
        ]}
      />
      <QuizTable overview={overview} onAdd={can('/admin/games/saveQuiz') ? setQuiz : null} />
      <FundDrawer
        open={funding}
        ask={confirm.ask}
        onClose={() => setFunding(false)}
        onFunded={() => {
          setFunding(false);
          overview.reload();
        }}
      />
      <QuizDrawer
        quiz={quiz}
        onClose={() => setQuiz(null)}
        onSaved={() => {
          setQuiz(null);
          overview.reload();
        }}
      />
      {confirm.element}
    </>
  );
}

/** The game fund against the tickets it backs, the open pools and the revenue. */
function FundCard(props: { overview: Loaded<Overview>; onFund: (() => void) | null }) {
  const { loading } = props.overview;
  const o = props.overview.data;
  return (
    <Card
      size="small"
      title="Game fund"
      style={{ marginBottom: 16 }}
      extra={
        props.onFund ? (
          <Button type="primary" onClick={props.onFund}>
            Fund
          </Button>
        ) : null
      }
    >
      <Row gutter={16}>
        <Col span={5}>
          <Statistic title="Fund (USDT)" value={o?.fund ?? '—'} loading={loading} />
        </Col>
        <Col span={5}>
          <Statistic
            title="Backing needed (USDT)"
            value={o?.backing ?? '—'}
            loading={loading}
            valueStyle={{ color: o && Number(o.fund) < Number(o.backing) ? '#cf1322' : undefined }}
          />
        </Col>
        <Col span={5}>
          <Statistic title="Tickets outstanding" value={o?.tickets_outstanding ?? '—'} loading={loading} />
        </Col>
        <Col span={5}>
          <Statistic title="Open pools (USDT)" value={o?.pools ?? '—'} loading={loading} />
        </Col>
        <Col span={4}>
          <Statistic title="Revenue (USDT)" value={o?.revenue ?? '—'} loading={loading} />
        </Col>
      </Row>
    </Card>
  );
}

/** The quiz's questions; with `onAdd` (the operator may save questions), a button to add one. */
function QuizTable(props: { overview: Loaded<Overview>; onAdd: ((quiz: Partial<QuizForm>) => void) | null }) {
  const { overview, onAdd } = props;
  return (
    <ProgramTable
      title="Quiz"
      extra={
        onAdd ? (
          <Button onClick={() => onAdd({ answer: 0, reward_tickets: 1, time_limit_s: 30, active: true })}>
            Add question
          </Button>
        ) : null
      }
      rows={overview.data?.quizzes}
      loading={overview.loading}
      error={overview.error}
      rowKey={(q) => q.id}
      columns={[
        { title: 'ID', dataIndex: 'id' },
        { title: 'Question', dataIndex: 'question' },
        { title: 'Answer', dataIndex: 'answer', align: 'right' },
        { title: 'Tickets', dataIndex: 'reward_tickets', align: 'right' },
        { title: 'Time limit (s)', dataIndex: 'time_limit_s', align: 'right' },
        { title: 'Answered', dataIndex: 'answered', align: 'right' },
        { title: 'Active', render: (_, q) => (q.active ? 'yes' : 'no') },
      ]}
    />
  );
}

/** Funding the game fund from the platform's capital, confirmed with a reason. */
function FundDrawer(props: { open: boolean; ask: AskConfirm; onClose: () => void; onFunded: () => void }) {
  const { call } = useConsole();
  const run = useAction();
  return (
    <FormDrawer<{ amount: string }>
      open={props.open}
      title="Fund the game fund"
      onClose={props.onClose}
      onSubmit={(v) =>
        props.ask({
          title: 'Fund the game fund',
          summary: `${v.amount} USDT moves from the platform's capital into the game fund.`,
          okText: 'Fund',
          action: async (reason) => {
            const done = await run(() => call('/admin/games/fund', { ...v, reason }), 'Game fund funded');
            if (done) props.onFunded();
            return done !== null;
          },
        })
      }
    >
      <AmountField suffix="USDT" />
    </FormDrawer>
  );
}

/** A new quiz question in English: the question, its choices one a line, the right one, tickets, time. */
function QuizDrawer(props: { quiz: Partial<QuizForm> | null; onClose: () => void; onSaved: () => void }) {
  const { call } = useConsole();
  const run = useAction();
  return (
    <FormDrawer<QuizForm>
      open={props.quiz !== null}
      title="Add a quiz question (English)"
      initial={props.quiz ?? undefined}
      submitText="Save"
      onClose={props.onClose}
      onSubmit={async (v) => {
        const choices = v.choices
          .split('\n')
          .map((c) => c.trim())
          .filter(Boolean);
        const body = {
          texts: { en: { question: v.question, choices } },
          answer: v.answer,
          reward_tickets: v.reward_tickets,
          time_limit_s: v.time_limit_s,
          active: v.active,
        };
        if (await run(() => call('/admin/games/saveQuiz', body), 'Question saved')) props.onSaved();
      }}
    >
      <Form.Item name="question" label="Question" rules={[{ required: true, max: 300 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item name="choices" label="Choices (one a line, 2 to 6)" rules={[{ required: true }]}>
        <Input.TextArea rows={4} />
      </Form.Item>
      <Space>
        <Form.Item name="answer" label="Right choice (from 0)" rules={[{ required: true }]}>
          <InputNumber min={0} max={5} precision={0} />
        </Form.Item>
        <Form.Item name="reward_tickets" label="Tickets" rules={[{ required: true }]}>
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item name="time_limit_s" label="Seconds" rules={[{ required: true }]}>
          <InputNumber min={5} max={600} precision={0} />
        </Form.Item>
      </Space>
      <Form.Item name="active" label="Active" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawer>
  );
}

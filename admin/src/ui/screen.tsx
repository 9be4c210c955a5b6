import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's heading line: its title, a short line on what it is for, and its own buttons. */
export function ScreenTitle(props: { title: string; note?: string; extra?: ReactNode }) {
  return (
    <div className="screen-title">
      <div>
        <Typography.Title level={4}>{props.title}</Typography.Title>
        {props.note ? <Typography.Text type="secondary">{props.note}</Typography.Text> : null}
      </div>
      <div>{props.extra}</div>
    </div>
  );
}

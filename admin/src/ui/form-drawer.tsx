import { Button, Drawer, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';

/** A form in a drawer: its fields, Continue (the caller confirms or saves), Cancel. */
export function FormDrawer<V extends object>(props: {
  readonly open: boolean;
  readonly title: string;
  readonly initial?: Partial<V>;
  readonly submitText?: string;
  readonly onClose: () => void;
  readonly onSubmit: (values: V) => void;
  readonly children: ReactNode;
}) {
  return (
    <Drawer open={props.open} onClose={props.onClose} title={props.title} size={480} destroyOnHidden>
      <Form<V>
        layout="vertical"
        initialValues={props.initial}
        onFinish={props.onSubmit}
        requiredMark="optional"
      >
        {props.children}
        <Space>
          <Button type="primary" htmlType="submit" data-testid="form-submit">
            {props.submitText ?? 'Continue'}
          </Button>
          <Button onClick={props.onClose}>Cancel</Button>
        </Space>
      </Form>
    </Drawer>
  );
}

/** An amount field: a positive decimal, as the wire carries it. */
export function AmountField(props: { name?: string; label?: string; suffix?: string }) {
  return (
    <Form.Item
      name={props.name ?? 'amount'}
      label={props.label ?? 'Amount'}
      rules={[
        { required: true, message: 'Enter an amount' },
        { pattern: /^(?!0+(\.0+)?$)\d{1,20}(\.\d{1,18})?$/, message: 'A positive decimal amount' },
      ]}
    >
      <Input inputMode="decimal" suffix={props.suffix} data-testid="amount-input" />
    </Form.Item>
  );
}

import { Button, Descriptions, Drawer, Image, Segmented, Space } from 'antd';
import { useState } from 'react';
import type { ListItem } from '../api';
import { useAction, useConsole } from '../console';
import { useConfirmWithReason } from '../ui/ConfirmWithReason';
import { type DataColumn, DataTable } from '../ui/DataTable';
import { Amount, StatusTag, when } from '../ui/format';
import { useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/Screen';

type Product = ListItem<'/admin/shop/products'>;
type Status = 'pending' | 'on_sale' | 'off_sale' | 'taken_down' | 'all';

const COLUMNS: readonly DataColumn<Product>[] = [
  { key: 'id', title: 'ID', value: (p) => p.id, sort: true, width: 70 },
  {
    key: 'created',
    title: 'Listed',
    value: (p) => p.created_at,
    render: (p) => when(p.created_at),
    sort: true,
  },
  { key: 'title', title: 'Title', value: (p) => p.title, sort: true },
  { key: 'merchant', title: 'Merchant', value: (p) => p.merchant_name, filter: true },
  {
    key: 'price',
    title: 'Price (USDT)',
    value: (p) => p.price,
    render: (p) => <Amount value={p.price} />,
    sort: true,
    align: 'right',
  },
  { key: 'stock', title: 'Stock', value: (p) => p.stock, sort: true, align: 'right' },
  { key: 'sold', title: 'Sold', value: (p) => p.sold, sort: true, align: 'right' },
  {
    key: 'status',
    title: 'Status',
    value: (p) => p.status,
    render: (p) => <StatusTag status={p.status} />,
    filter: true,
  },
];

/** Goods: approve what waits for review, take down what breaks the rules. */
export default function ProductsScreen() {
  const { call, can } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const [status, setStatus] = useState<Status>('pending');
  const [open, setOpen] = useState<Product | null>(null);
  const [reload, setReload] = useState(0);
  const load = useListLoader('/admin/shop/products', status === 'all' ? {} : { status });
  const mayReview = can('/admin/shop/reviewProduct');

  const done = () => {
    setOpen(null);
    setReload((n) => n + 1);
  };

  const approve = async (p: Product) => {
    if (
      await run(
        () => call('/admin/shop/reviewProduct', { id: p.id, decision: 'approve' }),
        'Product approved',
      )
    ) {
      done();
    }
  };
  const takeDown = (p: Product) =>
    confirm.ask({
      title: `Take down product #${p.id}`,
      summary: `"${p.title}" of ${p.merchant_name} leaves the store.`,
      okText: 'Take down',
      danger: true,
      action: async () => {
        const out = await run(
          () => call('/admin/shop/reviewProduct', { id: p.id, decision: 'take_down' }),
          'Product taken down',
        );
        if (out) done();
        return out !== null;
      },
    });

  return (
    <>
      <ScreenTitle title="Products" note="Goods waiting for review first." />
      <DataTable
        id="products"
        load={load}
        columns={COLUMNS}
        rowKey={(p) => p.id}
        onOpen={setOpen}
        reloadKey={reload}
        emptyText="No goods in this state"
        toolbar={
          <Segmented<Status>
            value={status}
            onChange={setStatus}
            options={[
              { label: 'Pending', value: 'pending' },
              { label: 'On sale', value: 'on_sale' },
              { label: 'Off sale', value: 'off_sale' },
              { label: 'Taken down', value: 'taken_down' },
              { label: 'All', value: 'all' },
            ]}
          />
        }
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={640}
        title={open ? `Product #${open.id}` : ''}
        extra={
          open && mayReview ? (
            <Space>
              {open.status !== 'taken_down' ? (
                <Button danger onClick={() => takeDown(open)}>
                  Take down
                </Button>
              ) : null}
              {open.status === 'pending' ? (
                <Button type="primary" onClick={() => approve(open)}>
                  Approve
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      >
        {open ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="Title" span={2}>
                {open.title}
              </Descriptions.Item>
              <Descriptions.Item label="Merchant">{open.merchant_name}</Descriptions.Item>
              <Descriptions.Item label="Status">
                <StatusTag status={open.status} />
              </Descriptions.Item>
              <Descriptions.Item label="Price">
                <Amount value={open.price} asset="USDT" />
              </Descriptions.Item>
              <Descriptions.Item label="Stock / sold">
                {open.stock} / {open.sold}
              </Descriptions.Item>
              <Descriptions.Item label="Description" span={2}>
                <div style={{ whiteSpace: 'pre-wrap', maxHeight: 200, overflow: 'auto' }}>
                  {open.description}
                </div>
              </Descriptions.Item>
            </Descriptions>
            <Image.PreviewGroup>
              <Space wrap>
                {open.images.map((img) => (
                  <Image
                    key={img.upload_id}
                    src={img.url}
                    width={120}
                    height={120}
                    style={{ objectFit: 'cover' }}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          </Space>
        ) : null}
      </Drawer>
      {confirm.element}
    </>
  );
}

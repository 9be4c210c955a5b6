import { Button, Descriptions, Image, Space } from 'antd';
import type { ListItem } from '../api';
import { useConsole } from '../console';
import type { DataColumn } from '../ui/data-table';
import { Amount, StatusTag, when } from '../ui/format';
import { ReviewQueue, useReviewQueue } from '../ui/review-queue';

type Product = ListItem<'/admin/shop/products'>;

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
  const queue = useReviewQueue('/admin/shop/products', 'pending');
  const mayReview = can('/admin/shop/reviewProduct');

  const approve = (p: Product) =>
    queue.act(() => call('/admin/shop/reviewProduct', { id: p.id, decision: 'approve' }), 'Product approved');

  const takeDown = (p: Product) =>
    queue.ask({
      title: `Take down product #${p.id}`,
      summary: `"${p.title}" of ${p.merchant_name} leaves the store.`,
      okText: 'Take down',
      danger: true,
      call: () => call('/admin/shop/reviewProduct', { id: p.id, decision: 'take_down' }),
      done: 'Product taken down',
    });

  return (
    <ReviewQueue
      queue={queue}
      title="Products"
      note="Goods waiting for review first."
      id="products"
      columns={COLUMNS}
      emptyText="No goods in this state"
      statuses={[
        { label: 'Pending', value: 'pending' },
        { label: 'On sale', value: 'on_sale' },
        { label: 'Off sale', value: 'off_sale' },
        { label: 'Taken down', value: 'taken_down' },
        { label: 'All', value: 'all' },
      ]}
      drawer={{
        size: 640,
        title: (p) => `Product #${p.id}`,
        actions: (p) =>
          mayReview ? (
            <>
              {p.status !== 'taken_down' ? (
                <Button danger onClick={() => takeDown(p)}>
                  Take down
                </Button>
              ) : null}
              {p.status === 'pending' ? (
                <Button type="primary" onClick={() => approve(p)}>
                  Approve
                </Button>
              ) : null}
            </>
          ) : null,
        body: (p) => (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="Title" span={2}>
                {p.title}
              </Descriptions.Item>
              <Descriptions.Item label="Merchant">{p.merchant_name}</Descriptions.Item>
              <Descriptions.Item label="Status">
                <StatusTag status={p.status} />
              </Descriptions.Item>
              <Descriptions.Item label="Price">
                <Amount value={p.price} asset="USDT" />
              </Descriptions.Item>
              <Descriptions.Item label="Stock / sold">
                {p.stock} / {p.sold}
              </Descriptions.Item>
              <Descriptions.Item label="Description" span={2}>
                <div style={{ whiteSpace: 'pre-wrap', maxHeight: 200, overflow: 'auto' }}>
                  {p.description}
                </div>
              </Descriptions.Item>
            </Descriptions>
            <Image.PreviewGroup>
              <Space wrap>
                {p.images.map((img) => (
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
        ),
      }}
    />
  );
}

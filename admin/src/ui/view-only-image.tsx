import { Empty } from 'antd';

/**
 * An identity document's image, for looking at only: shown through its short-lived signed link, not
 * draggable, no context menu, no download, no link to open it on its own.
 */
export function ViewOnlyImage({ src, label }: { src: string | null; label: string }) {
  if (!src) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${label}: not available`} />;
  return (
    <figure style={{ margin: 0 }} onContextMenu={(e) => e.preventDefault()}>
      <img
        src={src}
        alt={label}
        className="kyc-image"
        draggable={false}
        referrerPolicy="no-referrer"
        data-testid="kyc-image"
      />
      <figcaption style={{ color: '#8a8f98', fontSize: 12 }}>{label}</figcaption>
    </figure>
  );
}
